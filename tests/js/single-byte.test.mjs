// The single-byte encodings (§ 9) against their index files, byte by byte, through every path a
// decode can take: whole calls (delegated to the native decoder where it proved exact), fatal
// calls and streams (wasm), and with a native decoder that is wrong.
import { test } from 'node:test';
import { equal, notEqual, throws } from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TextDecoder } from 'encoding-wasm';

const root = fileURLToPath(new URL('../../', import.meta.url));
const groups = JSON.parse(readFileSync(`${root}indexes/encodings.json`, 'utf8'));
const NAMES = groups.find((g) => g.heading === 'Legacy single-byte encodings').encodings.map((e) => e.name);

// Every byte's code point (§ 9.1): ASCII bytes are themselves, byte 0x80 + pointer the index's
// code point, null where the index has none.
function codePoints(name) {
  const file = name === 'ISO-8859-8-I' ? 'iso-8859-8' : name.toLowerCase();
  const table = Array.from({ length: 256 }, (_, b) => (b < 0x80 ? b : null));
  for (const line of readFileSync(`${root}indexes/index-${file}.txt`, 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [pointer, cp] = line.split('\t');
    table[0x80 + Number(pointer)] = Number.parseInt(cp, 16);
  }
  return table;
}

// BOM bytes first: no single-byte decoder may take them as a BOM.
const INPUT = Uint8Array.from([0xef, 0xbb, 0xbf, 0xff, 0xfe, 0xfe, 0xff, ...Array(256).keys(), 0x41]);
const expected = (table) => String.fromCodePoint(...Array.from(INPUT, (b) => table[b] ?? 0xfffd));

test('every single-byte encoding decodes every byte as its index says, whole, fatal and streamed', () => {
  equal(NAMES.length, 28);
  for (const name of NAMES) {
    const table = codePoints(name);
    const want = expected(table);
    equal(new TextDecoder(name).decode(INPUT), want, name);
    equal(new TextDecoder(name, { ignoreBOM: true }).decode(INPUT), want, name);
    const d = new TextDecoder(name);
    let streamed = '';
    for (let i = 0; i < INPUT.length; i += 7) streamed += d.decode(INPUT.subarray(i, i + 7), { stream: true });
    equal(streamed + d.decode(), want, `${name}, streamed`);
    const fatal = new TextDecoder(name, { fatal: true });
    if (table.includes(null)) throws(() => fatal.decode(INPUT), TypeError, name);
    else equal(fatal.decode(INPUT), want, `${name}, fatal`);
    // After a whole call the next starts afresh, and shared memory is read like any other.
    const shared = new Uint8Array(new SharedArrayBuffer(INPUT.length));
    shared.set(INPUT);
    equal(new TextDecoder(name).decode(shared), want, `${name}, shared memory`);
  }
});

test('a native single-byte decoder that is wrong is not used', () => {
  // The runtime's TextDecoder, wrapped to turn windows-1251's 0xC0 (U+0410) into U+0411 and to
  // take ISO-8859-2's EF BB BF (U+010F U+0165 U+017C) for a UTF-8 BOM, before the package captures
  // it. The child prints what the wrapped native gives too, so that a wrapper that changes nothing
  // fails the test instead of making it pass for nothing.
  const code = `
    const Native = globalThis.TextDecoder;
    globalThis.TextDecoder = class extends Native {
      decode(input, options) {
        const s = super.decode(input, options);
        if (this.encoding === 'windows-1251') return s.replaceAll('\\u0410', '\\u0411');
        if (this.encoding === 'iso-8859-2') return s.replace(/^\\u010F\\u0165\\u017C/, '');
        return s;
      }
    };
    const Wrapped = globalThis.TextDecoder;
    const { TextDecoder } = await import('encoding-wasm');
    const input = Uint8Array.from(${JSON.stringify(Array.from(INPUT))});
    const labels = ['windows-1251', 'iso-8859-2'];
    console.log(JSON.stringify(labels.map((l) => [new Wrapped(l).decode(input), new TextDecoder(l).decode(input)])));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  const [w1251, l2] = JSON.parse(out);
  for (const [name, [native, ours]] of [
    ['windows-1251', w1251],
    ['ISO-8859-2', l2],
  ]) {
    const want = expected(codePoints(name));
    notEqual(native, want, `${name}: the wrapped native is wrong`);
    equal(ours, want, name);
  }
});
