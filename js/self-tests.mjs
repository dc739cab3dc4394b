// Self-tests of a TextDecoder class's output, by encoding, for the encodings this package hands to
// the runtime's own decoder where it passes them (natives.mjs): UTF-8, UTF-16LE and the single-byte
// encodings; polyfill-checks.mjs adds the others, to judge the runtime's TextDecoder. Small inputs
// chosen where runtimes diverge from the standard (docs/runtimes.md, "Polyfill", has the table), and in each
// encoding fatal mode (and, where a decoder keeps state, a character split across the calls of a
// stream): a native is kept, or used, only where all its options are exact. Each with the
// standard's output: every expected value comes from the standard's indexes and algorithms,
// none from this package's decoders (tests/js/self-tests.test.mjs checks each against the
// transcription of the standard in tests/js/reference/).

import { StringPrototypeCharCodeAt, StringPrototypeSlice } from './primordials.mjs';

// A case: [name, label, options (fatal 1, ignoreBOM 2), ...calls] on one decoder; a call is [hex
// bytes ('' for no argument), expected, stream]. Expected: the string; THROWS, a TypeError; or a
// number, the hash() of the string (a whole single-byte table, where the string would be long).
export const THROWS = null;
export const S = true; // a call with {stream: true}

// Each byte, after the bytes of UTF-8 and UTF-16 BOMs (which a single-byte decoder must not take as
// one): equal output for this means equal output for every input to a single-byte decoder.
export const PROBE = `EFBBBFFEFFFE${Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0')).join('')}`;

// https://encoding.spec.whatwg.org/#single-byte-decoder, by encoding: the FNV-1a hash (32 bits,
// over UTF-16 code units) of PROBE's output; for fatal mode, a byte (0x80 + pointer) and its code
// point in the index, chosen where that is not Latin-1's (so that a native that falls back to
// Latin-1 in fatal mode fails too), and, where the index lacks pointers, a byte of one, which must
// throw. Pointers from indexes/index-<name>.txt (ISO-8859-8-I's: index ISO-8859-8).
const SINGLE_BYTE = {
  'windows-1252': [0x7e8431a1, 0x80, 0x20ac], // pointer 0
  IBM866: [0x9a00733b, 0x80, 0x0410], // pointer 0
  'ISO-8859-2': [0x47e2bd33, 0xa1, 0x0104], // pointer 33
  'ISO-8859-3': [0xe3e3fc2b, 0xa1, 0x0126, 0xa5], // pointer 33; none at 37
  'ISO-8859-4': [0x5b1bd4e5, 0xa1, 0x0104], // pointer 33
  'ISO-8859-5': [0x483545d7, 0xa1, 0x0401], // pointer 33
  'ISO-8859-6': [0x1a668ab5, 0xac, 0x060c, 0xa1], // pointer 44; none at 33
  'ISO-8859-7': [0x01063833, 0xa1, 0x2018, 0xae], // pointer 33; none at 46
  'ISO-8859-8': [0xfbcd4912, 0xaa, 0x00d7, 0xa1], // pointer 42; none at 33
  'ISO-8859-8-I': [0xfbcd4912, 0xaa, 0x00d7, 0xa1], // pointer 42; none at 33
  'ISO-8859-10': [0x46943bff, 0xa1, 0x0104], // pointer 33
  'ISO-8859-13': [0x17a11e8e, 0xa1, 0x201d], // pointer 33
  'ISO-8859-14': [0xd2bdb3d9, 0xa1, 0x1e02], // pointer 33
  'ISO-8859-15': [0x2e78fec1, 0xa4, 0x20ac], // pointer 36
  'ISO-8859-16': [0x4ced1122, 0xa1, 0x0104], // pointer 33
  'KOI8-R': [0xc43c73cf, 0x80, 0x2500], // pointer 0
  'KOI8-U': [0x657250e5, 0x80, 0x2500], // pointer 0
  macintosh: [0x9d48570d, 0x80, 0x00c4], // pointer 0
  'windows-874': [0xffd977cd, 0x80, 0x20ac, 0xdb], // pointer 0; none at 91
  'windows-1250': [0xd2ba6fc2, 0x80, 0x20ac], // pointer 0
  'windows-1251': [0x2e5e3687, 0x80, 0x0402], // pointer 0
  'windows-1253': [0xd35bd537, 0x80, 0x20ac, 0xaa], // pointer 0; none at 42
  'windows-1254': [0x45fc56dd, 0x80, 0x20ac], // pointer 0
  'windows-1255': [0xa2682717, 0x80, 0x20ac, 0xd9], // pointer 0; none at 89
  'windows-1256': [0x9a77e4c7, 0x80, 0x20ac], // pointer 0
  'windows-1257': [0x0e04eb9a, 0x80, 0x20ac, 0xa1], // pointer 0; none at 33
  'windows-1258': [0x20eeacac, 0x80, 0x20ac], // pointer 0
  'x-mac-cyrillic': [0x0947472a, 0x80, 0x0410], // pointer 0
};

// One whole call, named by its input.
export const whole = (label, hex, expected, options = 0, name = hex) => [name, label, options, [hex, expected]];

// Fatal mode: a valid input decodes to `text` and does not throw; then, where given, `malformed`
// throws a TypeError.
export const fatal = (label, valid, text, malformed) => [
  'fatal',
  label,
  1,
  [valid, text],
  ...(malformed === undefined ? [] : [[malformed, THROWS]]),
];

// Streaming: a character split as `lead` and `trail` over two calls with {stream: true} gives
// `text` at the second; `lead` alone at the end of a last call is an error (U+FFFD).
export const streaming = (label, lead, trail, text) => [
  'streaming',
  label,
  0,
  [lead, '', S],
  [trail, text, S],
  [lead, '\uFFFD'],
];

// UTF-8: BOM handling, maximal subparts (https://encoding.spec.whatwg.org/#utf-8-decoder),
// streaming, and a fresh start after a fatal error in a call without {stream: true}. (Not after one
// in a streaming call, where runtimes differ and this package, as Blink, drops the rest of the call
// where the standard's letter keeps it: see docs/api.md.)
const UTF_8 = [
  [
    'BOM and maximal subparts',
    'utf-8',
    0,
    ['EFBBBF61', 'a'],
    ['EFBBBFEFBBBF', '\uFEFF'],
    ['F0908041', '\uFFFDA'],
    ['EDA080', '\uFFFD\uFFFD\uFFFD'],
    ['C080F4908080', '\uFFFD'.repeat(6)],
    ['E0A0', '\uFFFD'],
  ],
  whole('utf-8', 'EFBBBF61', '\uFEFFa', 2),
  // Only the stream's first bytes can be a BOM (a bug class seen in runtimes).
  ['BOM after the first call of a stream', 'utf-8', 0, ['EFBBBF61', 'a', S], ['EFBBBF62', '\uFEFFb', S], ['', '']],
  [
    'streaming',
    'utf-8',
    0,
    ['EF', '', S],
    ['BB', '', S],
    ['BF62', 'b', S],
    ['F09F', '', S],
    ['', '\uFFFD'],
    ['F09F', '', S],
    ['9880', '\u{1F600}'],
  ],
  [
    'fatal',
    'utf-8',
    1,
    ['61FF', THROWS],
    ['62', 'b'],
    ['E3', '', S],
    ['41', THROWS],
    ['EFBBBF42', 'B'],
    ['E3', THROWS],
    ['43', 'C'],
  ],
];

// UTF-16LE (https://encoding.spec.whatwg.org/#shared-utf-16-decoder): BOM handling, lone
// surrogates and an odd last byte, streaming, fatal errors.
const UTF_16LE = [
  [
    'BOM and lone surrogates',
    'utf-16le',
    0,
    ['FFFE4100', 'A'],
    ['FFFEFFFE', '\uFEFF'],
    ['00D84100', '\uFFFDA'],
    ['00DC00D8', '\uFFFD\uFFFD'],
    ['00D800D800DC', '\uFFFD\u{10000}'],
    ['3DD800DE41', '\u{1F600}\uFFFD'],
    ['FEFF8000', '\uFFFE\u0080'],
  ],
  whole('utf-16le', 'FFFE4100', '\uFEFFA', 2),
  // FF FE after a lead surrogate is no BOM; nor is UTF-8's, read as UTF-16LE code units.
  ['BOM bytes after a lead surrogate', 'utf-16le', 0, ['00D8', '', S], ['FFFE4100', '\uFFFD\uFEFFA']],
  ["UTF-8's BOM", 'utf-16le', 0, ['EFBBBF00', '\uBBEF\u00BF', S], ['4100', 'A']],
  [
    'streaming',
    'utf-16le',
    0,
    ['FF', '', S],
    ['FE41', '', S],
    ['003DD8', 'A', S],
    ['00DE', '\u{1F600}'],
    ['FFFE', '', S],
    ['FFFE', '\uFEFF'],
    ['3DD8', '', S],
    ['', '\uFFFD'],
    ['41', '', S],
    ['', '\uFFFD'],
  ],
  [
    'fatal',
    'utf-16le',
    1,
    ['00D8', THROWS],
    ['41', THROWS],
    ['00DC4100', THROWS],
    ['FFFE3DD800DE', '\u{1F600}'],
    ['3DD8', '', S],
    ['4100', THROWS],
    ['4200', 'B'],
    ['43', '', S],
    ['', THROWS],
    ['4400', 'D'],
  ],
];

// The cases by encoding name.
export const SELF_TESTS = new Map([
  ...Object.entries(SINGLE_BYTE).map(([name, [h, byte, cp, missing]]) => {
    const label = name.toLowerCase();
    const hex = (b) => b?.toString(16);
    return [
      name,
      [whole(label, PROBE, h, 0, 'every byte'), fatal(label, hex(byte), String.fromCharCode(cp), hex(missing))],
    ];
  }),
  ['UTF-8', UTF_8],
  ['UTF-16LE', UTF_16LE],
]);

// FNV-1a, 32 bits, over the UTF-16 code units of `s`. The multiplication by the FNV prime
// (2^24 + 2^8 + 0x93) as shifts and adds, modulo 2^32 (no Math.imul: tests/js/size.test.mjs
// takes that for a sign of wasm2js's code).
export function hash(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= StringPrototypeCharCodeAt(s, i);
    h = (h + (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24)) >>> 0;
  }
  return h;
}

// The bytes written in `hex`.
function bytes(hex) {
  const n = hex.length >> 1;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = +`0x${StringPrototypeSlice(hex, 2 * i, 2 * i + 2)}`;
  return out;
}

// decoder.decode(input, options) as the class has it now.
const decodeMethod = (decoder, input, options) => decoder.decode(input, options);

// How `Class` fails case `c`: null where it passes, else the first call it fails, with what it gave
// (a string, or the error it threw). `decode(decoder, input, options)` makes each call: for a
// native, its method as captured at load (natives.mjs), which is the one later calls use. (The
// natives' self-tests run on first use, after user code may have replaced built-ins: arrays are
// read by index, strings by the methods captured at load.)
export function caseFailure(Class, c, decode = decodeMethod) {
  const options = c[2];
  let decoder;
  try {
    decoder = new Class(c[1], { fatal: (options & 1) !== 0, ignoreBOM: (options & 2) !== 0 });
  } catch (e) {
    return { call: -1, got: e };
  }
  // The calls are c[3] on; `call` counts from 0.
  for (let call = 0; call < c.length - 3; call++) {
    const step = c[call + 3];
    const hex = step[0];
    const expected = step[1];
    let got;
    try {
      got = decode(decoder, hex === '' ? undefined : bytes(hex), { stream: step[2] === S });
    } catch (e) {
      if (expected === THROWS && e instanceof TypeError) continue;
      return { call, got: e };
    }
    if (typeof expected === 'number' ? hash(got) !== expected : got !== expected) return { call, got };
  }
  return null;
}

// Whether `Class` passes every case of `cases` (`decode` as for caseFailure).
export function passes(Class, cases, decode = decodeMethod) {
  for (let i = 0; i < cases.length; i++) if (caseFailure(Class, cases[i], decode) !== null) return false;
  return true;
}
