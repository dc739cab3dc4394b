// The package's extensions: encode, getEncoding, decode, LegacyEncoder, inspect, encodings.
import { equal, deepEqual, throws, ok } from './assert.mjs';

const b = (...bytes) => new Uint8Array(bytes);
const ascii = (s) => Array.from(s, (c) => c.charCodeAt(0));

// A Uint8Array with exactly these bytes.
function bytesEqual(actual, expected, message = '') {
  ok(actual instanceof Uint8Array, `${message} expected a Uint8Array`);
  deepEqual(Array.from(actual), expected, message);
}

export default [
  [
    'encode: html mode writes &#N; for unmappable code points',
    (lib) => {
      bytesEqual(lib.encode('a\u20AC\u00FF', 'windows-1252'), [0x61, 0x80, 0xff]);
      bytesEqual(lib.encode('a\u3042\u{1F600}', 'latin1'), [0x61, ...ascii('&#12354;&#128512;')]);
      bytesEqual(lib.encode('\uD800', 'windows-1252'), ascii('&#65533;'));
      bytesEqual(lib.encode('\u0410', 'ibm866'), [0x80]);
      bytesEqual(lib.encode('\uF780a', 'x-user-defined'), [0x80, 0x61]);
      bytesEqual(lib.encode('\u00E9', 'x-user-defined'), ascii('&#233;'));
      bytesEqual(lib.encode('a\u00E9\u{1F600}', 'utf-8'), [0x61, 0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80]);
      bytesEqual(lib.encode('', 'windows-1252'), []);
    },
  ],

  [
    'encode: UTF-16LE and UTF-16BE, lone surrogates as U+FFFD',
    (lib) => {
      bytesEqual(lib.encode('a\u{1F600}', 'utf-16le'), [0x61, 0x00, 0x3d, 0xd8, 0x00, 0xde]);
      bytesEqual(lib.encode('a\u{1F600}', 'UTF-16BE'), [0x00, 0x61, 0xd8, 0x3d, 0xde, 0x00]);
      bytesEqual(lib.encode('\uDC00', 'utf-16'), [0xfd, 0xff]);
    },
  ],

  [
    'encode: fatal throws TypeError naming the code point and its index',
    (lib) => {
      const e = throws(() => lib.encode('ab\u{1F600}\u3042', 'windows-1252', { fatal: true }), TypeError);
      ok(/U\+1F600/.test(e.message) && /index 2\b/.test(e.message), e.message);
      const lone = throws(() => lib.encode('xyz\uDC00', 'iso-8859-2', { fatal: true }), TypeError);
      ok(/U\+FFFD/.test(lone.message) && /index 3\b/.test(lone.message), lone.message);
      bytesEqual(lib.encode('ok', 'windows-1252', { fatal: true }), [0x6f, 0x6b]);
    },
  ],

  [
    'encode: unknown labels and replacement throw RangeError',
    (lib) => {
      throws(() => lib.encode('a', 'bogus'), RangeError);
      throws(() => lib.encode('a', 'iso-2022-kr'), RangeError);
      throws(() => lib.encode('a', 'latin1', 3), TypeError);
    },
  ],

  [
    "getEncoding: the standard's name or null",
    (lib) => {
      equal(lib.getEncoding('latin1'), 'windows-1252');
      equal(lib.getEncoding(' sjis\n'), 'Shift_JIS');
      equal(lib.getEncoding('csiso2022kr'), 'replacement');
      equal(lib.getEncoding('replacement'), 'replacement');
      equal(lib.getEncoding('utf-16be '), 'UTF-16BE');
      equal(lib.getEncoding('utf-16'), 'UTF-16LE');
      equal(lib.getEncoding('gb2312'), 'GBK');
      equal(lib.getEncoding('x-user-defined'), 'x-user-defined');
      equal(lib.getEncoding('bogus'), null);
      equal(lib.getEncoding(`${' '.repeat(1000)}utf8`), 'UTF-8');
    },
  ],

  [
    'decode: the decode hook, a BOM overriding the fallback',
    (lib) => {
      deepEqual(lib.decode(b(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf), 'windows-1252'), {
        text: '\uFEFF',
        encoding: 'UTF-8',
      });
      deepEqual(lib.decode(b(0xff, 0xfe, 0x61, 0x00), 'utf-8'), { text: 'a', encoding: 'UTF-16LE' });
      deepEqual(lib.decode(b(0xfe, 0xff, 0x00, 0x61), 'latin1'), { text: 'a', encoding: 'UTF-16BE' });
      deepEqual(lib.decode(b(0xef, 0xbb), 'windows-1252'), { text: '\u00EF\u00BB', encoding: 'windows-1252' });
      deepEqual(lib.decode(b(0x61, 0xff)), { text: 'a\uFFFD', encoding: 'UTF-8' });
      deepEqual(lib.decode(b(0x61), 'iso-2022-kr'), { text: '\uFFFD', encoding: 'replacement' });
      deepEqual(lib.decode(b(), 'iso-2022-kr'), { text: '', encoding: 'replacement' });
      deepEqual(lib.decode(b(0xfe, 0xff), 'utf-16le'), { text: '', encoding: 'UTF-16BE' });
      throws(() => lib.decode(b(0x61), 'bogus'), RangeError);
      throws(() => lib.decode('abc'), TypeError);
    },
  ],

  [
    'LegacyEncoder: state and a trailing high surrogate carry across chunks',
    (lib) => {
      const le = new lib.LegacyEncoder('utf-16le');
      equal(le.encoding, 'UTF-16LE');
      equal(le.fatal, false);
      bytesEqual(le.encode('a\uD83D', { stream: true }), [0x61, 0x00]);
      bytesEqual(le.encode('\uDE00', { stream: true }), [0x3d, 0xd8, 0x00, 0xde]);
      bytesEqual(le.encode('\uD83D'), [0xfd, 0xff]);
      bytesEqual(le.encode(), []);
      const w = new lib.LegacyEncoder('windows-1252');
      bytesEqual(w.encode('\uD83D', { stream: true }), []);
      bytesEqual(w.encode('\uDE00'), ascii('&#128512;'));
      const f = new lib.LegacyEncoder('latin1', { fatal: true });
      const e = throws(() => f.encode('ab\u0100'), TypeError);
      ok(/U\+0100/.test(e.message) && /index 2\b/.test(e.message), e.message);
      bytesEqual(f.encode('ok'), [0x6f, 0x6b]);
      throws(() => new lib.LegacyEncoder('replacement'), RangeError);
      throws(() => new lib.LegacyEncoder('hz-gb-2312'), RangeError);
    },
  ],

  [
    'inspect: byte ranges of malformed sequences and the index of each U+FFFD',
    (lib) => {
      deepEqual(lib.inspect(b(0x61, 0xf0, 0x90, 0x80, 0x41, 0xff), 'utf-8'), {
        text: 'a\uFFFDA\uFFFD',
        encoding: 'UTF-8',
        errors: [
          { byteStart: 1, byteEnd: 4, textIndex: 1 },
          { byteStart: 5, byteEnd: 6, textIndex: 3 },
        ],
        errorCount: 2,
        truncated: false,
      });
      deepEqual(lib.inspect(b(0xf0, 0x9f, 0x98, 0x80, 0xc3), 'utf8').errors, [
        { byteStart: 4, byteEnd: 5, textIndex: 2 },
      ]);
      deepEqual(lib.inspect(b(0x00, 0xd8, 0x61, 0x00), 'utf-16le'), {
        text: '\uFFFDa',
        encoding: 'UTF-16LE',
        errors: [{ byteStart: 0, byteEnd: 2, textIndex: 0 }],
        errorCount: 1,
        truncated: false,
      });
      deepEqual(lib.inspect(b(0xef, 0xbb, 0xbf, 0xff), 'utf-8').errors, [{ byteStart: 3, byteEnd: 4, textIndex: 0 }]);
      deepEqual(lib.inspect(b(0xef, 0xbb, 0xbf, 0xff), 'utf-8', { ignoreBOM: true }).errors, [
        { byteStart: 3, byteEnd: 4, textIndex: 1 },
      ]);
      const sniffed = lib.inspect(b(0xff, 0xfe, 0x00, 0xdc), 'windows-1252', { sniffBOM: true });
      deepEqual(sniffed, {
        text: '\uFFFD',
        encoding: 'UTF-16LE',
        errors: [{ byteStart: 2, byteEnd: 4, textIndex: 0 }],
        errorCount: 1,
        truncated: false,
      });
      deepEqual(lib.inspect(b(0x61, 0xdb), 'windows-874'), {
        text: 'a\uFFFD',
        encoding: 'windows-874',
        errors: [{ byteStart: 1, byteEnd: 2, textIndex: 1 }],
        errorCount: 1,
        truncated: false,
      });
      deepEqual(lib.inspect(b(0x61), 'windows-1252').errors, []);
      throws(() => lib.inspect(b(), 'bogus'), RangeError);
    },
  ],

  [
    'inspect: the first 10,000 errors by default, every one counted; maxErrors; the compact form',
    (lib) => {
      // 300,000 bytes: x80 is an error in UTF-8 at each even index, 'a' between (one U+FFFD each).
      const n = 150_000;
      const input = new Uint8Array(2 * n);
      for (let i = 0; i < 2 * n; i += 2) input.set([0x80, 0x61], i);
      const r = lib.inspect(input, 'utf-8');
      equal(r.text.length, 2 * n);
      equal(r.errorCount, n);
      equal(r.truncated, true);
      equal(r.errors.length, 10_000);
      deepEqual(r.errors[9999], { byteStart: 19_998, byteEnd: 19_999, textIndex: 19_998 });
      // All of them, as typed arrays.
      const all = lib.inspect(input, 'utf-8', { maxErrors: Infinity, compact: true });
      deepEqual([all.errorCount, all.truncated, all.errors.byteStart.length], [n, false, n]);
      ok(all.errors.byteStart instanceof Uint32Array && all.errors.textIndex instanceof Uint32Array);
      deepEqual(
        [all.errors.byteStart[n - 1], all.errors.byteEnd[n - 1], all.errors.textIndex[n - 1]],
        [2 * n - 2, 2 * n - 1, 2 * n - 2],
      );
      // A count only, and a limit of a few.
      const none = lib.inspect(input, 'utf-8', { maxErrors: 0 });
      deepEqual([none.errors, none.errorCount, none.truncated], [[], n, true]);
      deepEqual(
        lib.inspect(b(0xff, 0x61, 0xff, 0xff), 'utf-8', { maxErrors: 2.5 }).errors.map((e) => e.byteStart),
        [0, 2],
      );
      const exact = lib.inspect(b(0xff, 0xff), 'utf-8', { maxErrors: 2 });
      deepEqual([exact.errorCount, exact.truncated], [2, false]);
      for (const bad of [-1, Number.NaN, 'many']) {
        throws(() => lib.inspect(b(0x61), 'utf-8', { maxErrors: bad }), RangeError, `maxErrors ${bad}`);
      }
      // ToNumber: a BigInt is a TypeError.
      throws(() => lib.inspect(b(0x61), 'utf-8', { maxErrors: BigInt(10) }), TypeError, 'maxErrors 10n');
    },
  ],

  [
    "encodings: the standard's groups and labels, from the core",
    (lib) => {
      const groups = lib.encodings();
      deepEqual(
        groups.map((g) => g.heading),
        [
          'The Encoding',
          'Legacy single-byte encodings',
          'Legacy multi-byte Chinese (simplified) encodings',
          'Legacy multi-byte Chinese (traditional) encodings',
          'Legacy multi-byte Japanese encodings',
          'Legacy multi-byte Korean encodings',
          'Legacy miscellaneous encodings',
        ],
      );
      deepEqual(
        groups.map((g) => g.encodings.length),
        [1, 28, 2, 1, 3, 1, 4],
      );
      const all = groups.flatMap((g) => g.encodings);
      deepEqual(all.map((e) => e.name).slice(29), [
        'GBK',
        'gb18030',
        'Big5',
        'EUC-JP',
        'ISO-2022-JP',
        'Shift_JIS',
        'EUC-KR',
        'replacement',
        'UTF-16BE',
        'UTF-16LE',
        'x-user-defined',
      ]);
      deepEqual(all[0], {
        name: 'UTF-8',
        labels: ['unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'utf-8', 'utf8', 'x-unicode20utf8'],
        hasEncoder: true,
      });
      deepEqual(
        all.filter((e) => !e.hasEncoder).map((e) => e.name),
        ['replacement', 'UTF-16BE', 'UTF-16LE'],
      );
      equal(
        all.reduce((n, e) => n + e.labels.length, 0),
        228,
      );
      ok(all.find((e) => e.name === 'windows-1252').labels.includes('ascii'));
      groups[0].encodings[0].labels.push('mutated');
      equal(lib.encodings()[0].encodings[0].labels.length, 6);
    },
  ],
];
