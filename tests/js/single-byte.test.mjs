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

// Per encoding, a byte whose code point in the index is not Latin-1's (U+0000 plus the byte), the
// first from 0x80: a native that is wrong there, giving Latin-1's code point, is subtly wrong (one
// code point in 256), as runtimes have been (Node 20's windows-1252 is so in 0x80-0x9F).
const changedByte = (table) => table.findIndex((cp, b) => b >= 0x80 && cp !== null && cp !== b);

test('a native single-byte decoder that is wrong in one code point is not used', () => {
  // The runtime's TextDecoder, replaced before the package captures it by one that decodes each
  // single-byte encoding from its index (indexes/) with one byte's code point changed, and hands
  // every other label to the runtime's own. (Not the runtime's own, wrapped: Node's is refused or
  // already wrong for some.) The child prints what the wrong native gives too, so that a change
  // that does nothing fails the test instead of making it pass for nothing.
  const tables = Object.fromEntries(
    NAMES.map((name) => {
      const table = codePoints(name);
      table[changedByte(table)] = changedByte(table);
      return [name.toLowerCase(), table];
    }),
  );
  const code = `
    const Native = globalThis.TextDecoder;
    const TABLES = ${JSON.stringify(tables)};
    globalThis.TextDecoder = class TextDecoder {
      #native = null;
      #table;
      #fatal;
      #name;
      constructor(label = 'utf-8', options = {}) {
        this.#name = String(label).toLowerCase();
        this.#table = TABLES[this.#name];
        this.#fatal = Boolean(options.fatal);
        if (this.#table === undefined) this.#native = new Native(label, options);
      }
      get encoding() { return this.#native === null ? this.#name : this.#native.encoding; }
      decode(input, options) {
        if (this.#native !== null) return this.#native.decode(input, options);
        const bytes = ArrayBuffer.isView(input)
          ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
          : new Uint8Array(input ?? []);
        let s = '';
        for (const b of bytes) {
          if (this.#table[b] === null && this.#fatal) throw new TypeError('not in the index');
          s += String.fromCodePoint(this.#table[b] ?? 0xfffd);
        }
        return s;
      }
    };
    const Wrong = globalThis.TextDecoder;
    const { TextDecoder } = await import('encoding-wasm');
    const input = Uint8Array.from(${JSON.stringify(Array.from(INPUT))});
    const names = ${JSON.stringify(NAMES)};
    console.log(JSON.stringify(names.map((n) => [new Wrong(n).decode(input), new TextDecoder(n).decode(input)])));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  const results = JSON.parse(out);
  equal(results.length, 28);
  NAMES.forEach((name, i) => {
    const [native, ours] = results[i];
    const want = expected(codePoints(name));
    equal(native, expected(tables[name.toLowerCase()]), `${name}: the native decodes as its table`);
    notEqual(native, want, `${name}: the native is wrong`);
    equal(ours, want, name);
  });
});
