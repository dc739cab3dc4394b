// inspect() against the standard's algorithms (tests/js/reference/inspect.mjs places each error
// by the handlers' own reads and restores), for every encoding: every input of one and two bytes,
// every input of three (or four) bytes made of the bytes where the decoders' ranges begin and end,
// after each ISO-2022-JP mode's escape too, and random inputs from a fixed list of seeds
// (FUZZ_SEEDS=random runs new ones, SEED=n replays one: fuzz/README.md, "Seeds").
import { test } from 'node:test';
import { deepEqual, ok } from 'node:assert/strict';
import { inspect } from 'encoding-wasm';
import { bytesFor, random, seedList } from '../fuzz-js/inputs.mjs';
import { GROUPS, NAMES } from './reference/encodings.mjs';
import { referenceInspect } from './reference/inspect.mjs';

const SEEDS = seedList([0x1a2b3c4d, 2024, 1158184320]);
const RANDOM_INPUTS = 2500;

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

/** Failures of one test: the first few shown in full, with a line to replay each in Node. */
function recorder() {
  const failures = [];
  let count = 0;
  return {
    check(bytes, encoding, options, where = '') {
      const want = referenceInspect(bytes, encoding, options);
      const got = inspect(bytes, encoding, options);
      if (
        got.text === want.text &&
        got.encoding === want.encoding &&
        got.errors.length === want.errors.length &&
        got.errors.every(
          (e, i) =>
            e.byteStart === want.errors[i].byteStart &&
            e.byteEnd === want.errors[i].byteEnd &&
            e.textIndex === want.errors[i].textIndex,
        )
      ) {
        return;
      }
      count += 1;
      if (failures.length < 5) {
        const call = `inspect(Uint8Array.of(${Array.from(bytes, (b) => `0x${b.toString(16)}`).join(', ')}), ${JSON.stringify(encoding)}, ${JSON.stringify(options)})`;
        failures.push(
          `${where}${call} [${hex(bytes)}]\n  got      ${JSON.stringify(got)}\n  expected ${JSON.stringify(want)}`,
        );
      }
    },
    done() {
      ok(count === 0, `${count} inputs differ from the reference; the first:\n${failures.join('\n')}`);
    },
  };
}

// The reference on ranges worked out by hand from the handlers, so that it cannot be wrong as the
// package is without a test noticing.
test('the reference places errors as the handlers, worked by hand, say', () => {
  const errors = (bytes, encoding, options) =>
    referenceInspect(bytes, encoding, options).errors.map((e) => [e.byteStart, e.byteEnd, e.textIndex]);
  // UTF-8: F0 90 80 is one maximal subpart, the 41 after it is restored and read again.
  deepEqual(errors([0x61, 0xf0, 0x90, 0x80, 0x41], 'UTF-8'), [[1, 4, 1]]);
  // A BOM TextDecoder removes is no text; with sniffBOM it picks UTF-16LE and is skipped.
  deepEqual(errors([0xef, 0xbb, 0xbf, 0xff], 'UTF-8'), [[3, 4, 0]]);
  deepEqual(errors([0xef, 0xbb, 0xbf, 0xff], 'UTF-8', { ignoreBOM: true }), [[3, 4, 1]]);
  deepEqual(referenceInspect([0xff, 0xfe, 0x00, 0xdc], 'windows-1252', { sniffBOM: true }), {
    text: '\uFFFD',
    encoding: 'UTF-16LE',
    errors: [{ byteStart: 2, byteEnd: 4, textIndex: 0 }],
  });
  // gb18030: a bad fourth byte restores 30 81 FF; 30 is text, then 81 FF is one error.
  deepEqual(errors([0x81, 0x30, 0x81, 0xff], 'gb18030'), [
    [0, 1, 0],
    [2, 4, 2],
  ]);
  // UTF-16LE: D800 then 0061 restores 61 00, which is text.
  deepEqual(errors([0x00, 0xd8, 0x61, 0x00], 'UTF-16LE'), [[0, 2, 0]]);
  // ISO-2022-JP, end-of-queue in the escape state: the escape's 28 is restored (issue 21).
  deepEqual(errors([0x41, 0x1b, 0x28], 'ISO-2022-JP'), [[1, 2, 1]]);
  deepEqual(errors([0x1b, 0x24, 0x42, 0x1b, 0x28], 'ISO-2022-JP'), [
    [3, 4, 0],
    [4, 5, 1],
  ]);
  // A trailing byte's ESC starts an escape, which 0xFF ends (restored), an error of its own.
  deepEqual(errors([0x1b, 0x24, 0x42, 0x30, 0x1b, 0xff], 'ISO-2022-JP'), [
    [3, 4, 0],
    [4, 5, 1],
    [5, 6, 2],
  ]);
  // replacement: its one error is the first byte; the rest is never read.
  deepEqual(errors([0x61, 0x62, 0x63], 'replacement'), [[0, 1, 0]]);
});

// The single-byte decoders and x-user-defined's keep no state from one byte to the next
// (https://encoding.spec.whatwg.org/#single-byte-decoder): two bytes are two one-byte inputs, so
// their two-byte inputs pair every byte with a few others only.
const STATELESS = new Set([
  ...GROUPS.find((group) => group.heading === 'Legacy single-byte encodings').encodings.map((e) => e.name),
  'x-user-defined',
]);
const PARTNERS = [0x00, 0x41, 0x80, 0xbb, 0xbf, 0xef, 0xfe, 0xff];

test('inspect() equals the reference on every input of one and two bytes, in every encoding', () => {
  const r = recorder();
  for (const encoding of NAMES) {
    for (let b = 0; b < 256; b++) r.check(Uint8Array.of(b), encoding, {});
    if (STATELESS.has(encoding)) {
      for (let b = 0; b < 256; b++) {
        for (const p of PARTNERS) {
          r.check(Uint8Array.of(b, p), encoding, {});
          r.check(Uint8Array.of(p, b), encoding, {});
        }
      }
      continue;
    }
    const two = new Uint8Array(2);
    for (let b = 0; b < 0x10000; b++) {
      two[0] = b >> 8;
      two[1] = b & 0xff;
      r.check(two, encoding, {});
    }
  }
  r.done();
});

// Where the handlers' byte ranges begin and end (https://encoding.spec.whatwg.org/#utf-8-decoder,
// #gb18030-decoder, #big5-decoder, #euc-jp-decoder, #iso-2022-jp-decoder, #shift_jis-decoder,
// #euc-kr-decoder, #shared-utf-16-decoder) and the bytes just outside, per decoder.
const EDGES = {
  'UTF-8': [0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xf0, 0xf4, 0xf5],
  gb18030: [0x2f, 0x30, 0x39, 0x3a, 0x40, 0x7e, 0x7f, 0x80, 0x81, 0x84, 0xa0, 0xa1, 0xa3, 0xe3, 0xfe],
  Big5: [0x3f, 0x40, 0x62, 0x64, 0x7e, 0x7f, 0x80, 0x81, 0x87, 0x88, 0xa0, 0xa1, 0xa3, 0xc6, 0xf9, 0xfe],
  'EUC-JP': [0x41, 0x7f, 0x80, 0x8d, 0x8e, 0x8f, 0x90, 0xa0, 0xa1, 0xa4, 0xdf, 0xe0, 0xfe],
  'ISO-2022-JP': [0x0a, 0x0e, 0x0f, 0x1b, 0x20, 0x21, 0x24, 0x28, 0x40, 0x41, 0x42, 0x49, 0x4a, 0x5c, 0x5f, 0x60, 0x7e],
  Shift_JIS: [0x3f, 0x40, 0x7e, 0x7f, 0x80, 0x81, 0x9f, 0xa0, 0xa1, 0xdf, 0xe0, 0xef, 0xf0, 0xf9, 0xfa, 0xfc],
  'EUC-KR': [0x40, 0x41, 0x5a, 0x7f, 0x80, 0x81, 0xa0, 0xa1, 0xb0, 0xc6, 0xc7, 0xc8, 0xfd, 0xfe],
  'UTF-16BE': [0x41, 0xd7, 0xd8, 0xdb, 0xdc, 0xdf, 0xe0],
};
EDGES.GBK = EDGES.gb18030;
EDGES['UTF-16LE'] = EDGES['UTF-16BE'];
// Every decoder also meets NUL, 0xFF and the BOMs' bytes.
const COMMON = [0x00, 0xbb, 0xbf, 0xef, 0xfe, 0xff];
// Four-byte inputs: UTF-8's and gb18030's longest sequences, and UTF-16's surrogate pairs.
const LONGEST = {
  'UTF-8': [0x41, 0x80, 0x8f, 0x90, 0xbf, 0xc0, 0xe0, 0xed, 0xf0, 0xf4, 0xf5, 0xff],
  gb18030: [0x30, 0x31, 0x39, 0x3a, 0x41, 0x81, 0x84, 0x90, 0xa4, 0xa5, 0xe3, 0xfe, 0xff],
  'UTF-16BE': [0x00, 0x41, 0xd8, 0xdb, 0xdc, 0xdf, 0xfe, 0xff],
};
LONGEST['UTF-16LE'] = LONGEST['UTF-16BE'];
// ISO-2022-JP's escapes into each mode but ASCII, whose bytes follow them.
const ESCAPES = [
  [0x1b, 0x28, 0x4a],
  [0x1b, 0x28, 0x49],
  [0x1b, 0x24, 0x42],
];

/** Every sequence of `length` bytes of `pool`, after `prefix`. */
function* sequences(pool, length, prefix = []) {
  const bytes = Uint8Array.from([...prefix, ...Array(length).fill(0)]);
  const digits = Array(length).fill(0);
  while (true) {
    digits.forEach((d, i) => {
      bytes[prefix.length + i] = pool[d];
    });
    yield bytes.slice();
    let i = length - 1;
    while (i >= 0 && digits[i] === pool.length - 1) digits[i--] = 0;
    if (i < 0) return;
    digits[i] += 1;
  }
}

test('inspect() equals the reference on short inputs of edge bytes, with each option, in every multi-byte encoding', () => {
  const r = recorder();
  for (const [encoding, edges] of Object.entries(EDGES)) {
    const pool = [...new Set([...COMMON, ...edges])].sort((a, b) => a - b);
    const inputs = [...sequences(pool, 3)];
    if (encoding in LONGEST) inputs.push(...sequences(LONGEST[encoding], 4));
    if (encoding === 'ISO-2022-JP') {
      for (const prefix of ESCAPES) inputs.push(...sequences(pool, 3, prefix));
    }
    for (const bytes of inputs) {
      for (const options of [{}, { ignoreBOM: true }, { sniffBOM: true }]) r.check(bytes, encoding, options);
    }
  }
  r.done();
});

for (const seed of SEEDS) {
  test(`inspect() equals the reference on ${RANDOM_INPUTS} random inputs per encoding (SEED=${seed})`, () => {
    const r = recorder();
    for (const [e, encoding] of NAMES.entries()) {
      for (let n = 0; n < RANDOM_INPUTS; n++) {
        const g = random((seed ^ Math.imul(n + 1, 0x9e3779b1) ^ Math.imul(e + 1, 0x85ebca6b)) >>> 0);
        const bytes = Uint8Array.from(bytesFor(g, encoding, g.range(0, 40)));
        const options = { ignoreBOM: g.chance(0.3), sniffBOM: g.chance(0.3) };
        r.check(bytes, encoding, options, `SEED=${seed} ${encoding} input ${n}: `);
      }
    }
    r.done();
  });
}
