// The CJK encodings through the JS API (§ 10–13): expected code points from the standard's index
// tables and algorithms. (These pass once the CJK decoders and encoders are merged.)
import { equal, deepEqual, throws, ok as assertOk } from './assert.mjs';

const b = (...bytes) => new Uint8Array(bytes);
const ascii = (s) => Array.from(s, (c) => c.charCodeAt(0));

// A Uint8Array with exactly these bytes.
function bytesEqual(actual, expected, message = '') {
  assertOk(actual instanceof Uint8Array, `${message} expected a Uint8Array`);
  deepEqual(Array.from(actual), expected, message);
}

export default [
  [
    'decoders',
    (lib) => {
      const cases = [
        ['gbk', b(0x81, 0x40, 0x80, 0x41), '\u4E02\u20ACA'],
        ['gb18030', b(0x81, 0x30, 0x81, 0x30, 0xa1, 0xa1), '\u0080\u3000'],
        ['gb18030', b(0x90, 0x30, 0x81, 0x30), '\u{10000}'],
        ['gb18030', b(0x81, 0x30, 0x41), '\uFFFD0A'],
        ['big5', b(0xa4, 0x40, 0x88, 0x62), '\u4E00\u00CA\u0304'],
        ['euc-jp', b(0xa4, 0xa2, 0x8e, 0xb1, 0x8f, 0xb0, 0xa1), '\u3042\uFF71\u4E02'],
        ['shift_jis', b(0x82, 0xa0, 0xb1, 0x5c), '\u3042\uFF71\\'],
        ['iso-2022-jp', b(0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42, 0x61), '\u3042a'],
        ['euc-kr', b(0xb0, 0xa1, 0x81, 0x41), '\uAC00\uAC02'],
        ['euc-kr', b(0xb0, 0x30), '\uFFFD0'],
        ['shift_jis', b(0x82), '\uFFFD'],
      ];
      for (const [label, bytes, want] of cases) equal(new lib.TextDecoder(label).decode(bytes), want, label);
    },
  ],

  [
    'streaming splits inside multi-byte characters',
    (lib) => {
      const input = b(0x61, 0x81, 0x30, 0x81, 0x30, 0xb0, 0xa1, 0x62);
      for (let i = 0; i <= input.length; i++) {
        const d = new lib.TextDecoder('gb18030');
        equal(
          d.decode(input.subarray(0, i), { stream: true }) + d.decode(input.subarray(i)),
          'a\u0080\u554Ab',
          `split at ${i}`,
        );
      }
      const jis = b(0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42);
      for (let i = 0; i <= jis.length; i++) {
        const d = new lib.TextDecoder('iso-2022-jp');
        equal(
          d.decode(jis.subarray(0, i), { stream: true }) + d.decode(jis.subarray(i)),
          '\u3042',
          `iso-2022-jp split at ${i}`,
        );
      }
    },
  ],

  [
    'fatal CJK decode throws TypeError and resets',
    (lib) => {
      const d = new lib.TextDecoder('shift_jis', { fatal: true });
      throws(() => d.decode(b(0x82)), TypeError);
      equal(d.decode(b(0x82, 0xa0)), '\u3042');
    },
  ],

  [
    'encoders',
    (lib) => {
      bytesEqual(lib.encode('\u4E02\u20AC', 'gbk'), [0x81, 0x40, 0x80]);
      bytesEqual(lib.encode('\u20AC\u0080', 'gb18030'), [0xa2, 0xe3, 0x81, 0x30, 0x81, 0x30]);
      bytesEqual(lib.encode('\u4E00', 'big5'), [0xa4, 0x40]);
      bytesEqual(lib.encode('\u3042\uFF71', 'euc-jp'), [0xa4, 0xa2, 0x8e, 0xb1]);
      bytesEqual(lib.encode('\u3042', 'shift_jis'), [0x82, 0xa0]);
      bytesEqual(lib.encode('\uAC00', 'euc-kr'), [0xb0, 0xa1]);
      bytesEqual(lib.encode('a\u3042', 'iso-2022-jp'), [0x61, 0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42]);
      bytesEqual(lib.encode('\u{1F600}', 'shift_jis'), ascii('&#128512;'));
    },
  ],

  [
    'LegacyEncoder carries ISO-2022-JP state across chunks',
    (lib) => {
      const e = new lib.LegacyEncoder('iso-2022-jp');
      bytesEqual(e.encode('\u3042', { stream: true }), [0x1b, 0x24, 0x42, 0x24, 0x22]);
      bytesEqual(e.encode('\u3044', { stream: true }), [0x24, 0x24]);
      bytesEqual(e.encode('a'), [0x1b, 0x28, 0x42, 0x61]);
      bytesEqual(e.encode('\u3042'), [0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42]);
    },
  ],

  [
    'inspect: a gb18030 error restores the bytes after the first',
    (lib) => {
      deepEqual(lib.inspect(b(0x81, 0x30, 0x41), 'gb18030'), {
        text: '\uFFFD0A',
        encoding: 'gb18030',
        errors: [{ byteStart: 0, byteEnd: 1, textIndex: 0 }],
        errorCount: 1,
        truncated: false,
      });
      deepEqual(lib.inspect(b(0x61, 0xb0, 0x30), 'euc-kr'), {
        text: 'a\uFFFD0',
        encoding: 'EUC-KR',
        errors: [{ byteStart: 1, byteEnd: 2, textIndex: 1 }],
        errorCount: 1,
        truncated: false,
      });
    },
  ],
];
