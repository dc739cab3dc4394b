// § 5 Indexes (https://encoding.spec.whatwg.org/#indexes): the index files of the repository's
// indexes/ directory (copies of the standard's), read as the standard says, and the lookups.
import { readFileSync } from 'node:fs';

const INDEXES = new URL('../../../indexes/', import.meta.url);
const cache = new Map();

// https://encoding.spec.whatwg.org/#index: split on LF, drop empty lines and lines starting with
// "#", split each on TAB: a decimal pointer and a hexadecimal code point.
export function index(name) {
  let entries = cache.get(name);
  if (entries === undefined) {
    entries = [];
    for (const line of readFileSync(new URL(`index-${name}.txt`, INDEXES), 'utf8').split('\n')) {
      if (line === '' || line.startsWith('#')) continue;
      const [pointer, codePoint] = line.split('\t');
      entries.push([Number.parseInt(pointer, 10), Number.parseInt(codePoint, 16)]);
    }
    cache.set(name, entries);
  }
  return entries;
}

const byPointer = new Map();

// https://encoding.spec.whatwg.org/#index-code-point
export function indexCodePoint(pointer, name) {
  let map = byPointer.get(name);
  if (map === undefined) {
    map = new Map(index(name));
    byPointer.set(name, map);
  }
  return map.get(pointer) ?? null;
}

// https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point
export function indexGb18030RangesCodePoint(pointer) {
  if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) return null;
  if (pointer === 7457) return 0xe7c7;
  let offset = null;
  let codePointOffset = null;
  for (const [p, c] of index('gb18030-ranges')) {
    if (p <= pointer) {
      offset = p;
      codePointOffset = c;
    }
  }
  return codePointOffset + pointer - offset;
}
