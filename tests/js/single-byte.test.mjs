// The single-byte encodings (§ 9) against their index files, byte by byte, through every path a
// decode can take: whole calls (delegated to the native decoder where it proved exact), fatal
// calls and streams (wasm), and with a native decoder that is wrong.
import { test } from 'node:test';
import { equal, throws } from 'node:assert/strict';
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
  // The runtime's TextDecoder, wrapped to turn windows-1251's 0xC0 (U+0410) into U+0411 and
  // ISO-8859-2's BOM-like bytes into nothing, before the package captures it.
  const code = `
    const Native = globalThis.TextDecoder;
    globalThis.TextDecoder = class extends Native {
      decode(input, options) {
        const s = super.decode(input, options);
        if (this.encoding === 'windows-1251') return s.replaceAll('\\u0410', '\\u0411');
        if (this.encoding === 'iso-8859-2') return s.replace(/^\\u010F\\u00BB\\u0179/, '');
        return s;
      }
    };
    const { TextDecoder } = await import('encoding-wasm');
    const input = Uint8Array.from(${JSON.stringify(Array.from(INPUT))});
    console.log(JSON.stringify(['windows-1251', 'iso-8859-2'].map((l) => new TextDecoder(l).decode(input))));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  const [w1251, l2] = JSON.parse(out);
  equal(w1251, expected(codePoints('windows-1251')));
  equal(l2, expected(codePoints('ISO-8859-2')));
});
