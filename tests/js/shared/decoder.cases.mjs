// TextDecoder (§ 7.2) in every runtime: labels, names, BOM, streaming, fatal mode and its reset.
// Expected strings come from the standard's algorithms and index tables, written out here.
import { detach, equal, loggingDictionary, ok, sharedArrayBuffer, throws } from './assert.mjs';

const b = (...bytes) => new Uint8Array(bytes);
const FFFD = '\uFFFD';

// A view from byte 1 of `buffer`, whose bytes 1-9 are UTF-16LE for "\u{1F600}", a lone trail
// surrogate and an odd last byte.
function utf16At1(buffer) {
  new Uint8Array(buffer).set([0x78, 0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde, 0x00, 0xdc, 0x42]);
  return new Uint8Array(buffer, 1);
}

export default [
  [
    'every label of every encoding but replacement constructs, with the lower-cased name',
    (lib) => {
      let count = 0;
      for (const group of lib.encodings()) {
        for (const { name, labels } of group.encodings) {
          for (const label of labels) {
            if (name === 'replacement') {
              throws(() => new lib.TextDecoder(label), RangeError, label);
            } else {
              equal(new lib.TextDecoder(label).encoding, name.toLowerCase(), label);
              equal(new lib.TextDecoder(` \t${label.toUpperCase()}\n\f\r`).encoding, name.toLowerCase(), label);
            }
            count++;
          }
        }
      }
      ok(count >= 228, `only ${count} labels`);
    },
  ],

  [
    'labels: defaults, ToString, unknown and replacement labels throw RangeError',
    (lib) => {
      equal(new lib.TextDecoder().encoding, 'utf-8');
      equal(new lib.TextDecoder(undefined).encoding, 'utf-8');
      const e = throws(() => new lib.TextDecoder(null), RangeError);
      ok(/"null"/.test(e.message), e.message);
      throws(() => new lib.TextDecoder(''), RangeError);
      throws(() => new lib.TextDecoder('utf-8\u000B'), RangeError);
      throws(() => new lib.TextDecoder('\u212Aoi8-r'), RangeError); // KELVIN SIGN is not folded
      throws(() => new lib.TextDecoder('replacement'), RangeError);
      for (const l of ['csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'iso-2022-kr']) {
        throws(() => new lib.TextDecoder(l), RangeError, l);
      }
      equal(new lib.TextDecoder({ toString: () => 'latin1' }).encoding, 'windows-1252');
      equal(new lib.TextDecoder('unicode').encoding, 'utf-16le');
      equal(new lib.TextDecoder('x-sjis').encoding, 'shift_jis');
      equal(new lib.TextDecoder('x-user-defined').encoding, 'x-user-defined');
      throws(() => new lib.TextDecoder(Symbol('utf-8')), TypeError);
    },
  ],

  [
    'UTF-8: BOM removed once, ignoreBOM keeps it, maximal subparts become one U+FFFD each',
    (lib) => {
      const d = new lib.TextDecoder();
      equal(d.decode(b(0xef, 0xbb, 0xbf, 0x61)), 'a');
      equal(d.decode(b(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf)), '\uFEFF');
      equal(new lib.TextDecoder('utf-8', { ignoreBOM: true }).decode(b(0xef, 0xbb, 0xbf, 0x61)), '\uFEFFa');
      equal(d.decode(b(0xf0, 0x90, 0x80, 0x41)), `${FFFD}A`);
      equal(d.decode(b(0xed, 0xa0, 0x80)), FFFD.repeat(3));
      equal(d.decode(b(0xc0, 0xaf, 0xe0, 0x80, 0xbf)), FFFD.repeat(5));
      equal(d.decode(b(0xf4, 0x90, 0x80, 0x80)), FFFD.repeat(4));
      equal(d.decode(b(0xe2, 0x82)), FFFD);
      equal(d.decode(b(0xf0, 0x9f, 0x98, 0x80, 0xc3, 0xa9)), '\u{1F600}\u00E9');
      equal(d.decode(), '');
      equal(d.decode(undefined, { stream: true }), '');
    },
  ],

  [
    'streaming: sequences and BOMs split anywhere decode as the whole',
    (lib) => {
      const input = b(0xef, 0xbb, 0xbf, 0x61, 0xe3, 0x81, 0x82, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0x62);
      const want = 'a\u3042\u{1F600}\uFFFDb';
      for (let i = 0; i <= input.length; i++) {
        for (let j = i; j <= input.length; j++) {
          const d = new lib.TextDecoder();
          const got =
            d.decode(input.subarray(0, i), { stream: true }) +
            d.decode(input.subarray(i, j), { stream: true }) +
            d.decode(input.subarray(j));
          equal(got, want, `split at ${i}, ${j}`);
        }
      }
      // A pending partial sequence at the end of a final call is one U+FFFD.
      const d = new lib.TextDecoder();
      equal(d.decode(b(0xf0, 0x9f), { stream: true }), '');
      equal(d.decode(), FFFD);
      // The next call starts afresh: its BOM is removed again.
      equal(d.decode(b(0xef, 0xbb, 0xbf, 0x63)), 'c');
    },
  ],

  [
    'fatal: TypeError, and the state is reset so the next call is unaffected',
    (lib) => {
      const d = new lib.TextDecoder('utf-8', { fatal: true });
      equal(d.fatal, true);
      throws(() => d.decode(b(0x61, 0xff)), TypeError);
      equal(d.decode(b(0x62)), 'b');
      equal(d.decode(b(0xe3, 0x81), { stream: true }), '');
      throws(() => d.decode(b(0x41), { stream: true }), TypeError);
      equal(d.decode(b(0xef, 0xbb, 0xbf, 0x42)), 'B', 'BOM handling restarts after an error');
      equal(d.decode(b(0xe3), { stream: true }), '');
      throws(() => d.decode(), TypeError);
      equal(d.decode(b(0x43)), 'C');
      const cases = [
        ['windows-874', b(0xdb), b(0x41), 'A'],
        ['utf-16le', b(0x00, 0xdc), b(0x41, 0x00), 'A'],
        ['utf-16be', b(0x00), b(0x00, 0x41), 'A'],
        ['iso-8859-3', b(0xa5), b(0xa1), '\u0126'],
      ];
      for (const [label, bad, good, want] of cases) {
        const f = new lib.TextDecoder(label, { fatal: true });
        throws(() => f.decode(bad), TypeError, label);
        equal(f.decode(good), want, label);
      }
    },
  ],

  [
    'single-byte encodings follow their index tables',
    (lib) => {
      const cases = [
        ['ibm866', b(0x80, 0xff), '\u0410\u00A0'],
        ['iso-8859-2', b(0xa1, 0xff), '\u0104\u02D9'],
        ['iso-8859-6', b(0xac, 0xa1), '\u060C\uFFFD'],
        ['iso-8859-8-i', b(0xe0, 0xfa), '\u05D0\u05EA'],
        ['koi8-u', b(0xa4, 0xbd), '\u0454\u0490'],
        ['macintosh', b(0x80, 0xdb), '\u00C4\u20AC'],
        ['windows-874', b(0x80, 0xdb), '\u20AC\uFFFD'],
        ['windows-1252', b(0x80, 0x81, 0x9f, 0x41), '\u20AC\u0081\u0178A'],
        ['windows-1255', b(0xca, 0xd9), '\u05BA\uFFFD'],
        ['windows-1258', b(0xd2, 0xfe), '\u0309\u20AB'],
        ['x-mac-cyrillic', b(0x80, 0xff), '\u0410\u20AC'],
        ['iso-8859-16', b(0xa4, 0xff), '\u20AC\u00FF'],
      ];
      for (const [label, bytes, want] of cases) equal(new lib.TextDecoder(label).decode(bytes), want, label);
      // ISO-8859-1 is windows-1252 (§ 4.2), and ASCII bytes are ASCII everywhere.
      equal(new lib.TextDecoder('iso-8859-1').decode(b(0x80)), '\u20AC');
    },
  ],

  [
    'x-user-defined maps 0x80-0xFF to U+F780-U+F7FF',
    (lib) => {
      equal(new lib.TextDecoder('x-user-defined').decode(b(0x61, 0x80, 0xff)), 'a\uF780\uF7FF');
    },
  ],

  [
    "UTF-16LE/BE: BOM of the decoder's own byte order only, odd byte and lone surrogates",
    (lib) => {
      const le = new lib.TextDecoder('utf-16le');
      equal(le.decode(b(0xff, 0xfe, 0x61, 0x00)), 'a');
      equal(le.decode(b(0xfe, 0xff, 0x61, 0x00)), '\uFFFEa');
      equal(le.decode(b(0x3d, 0xd8, 0x00, 0xde)), '\u{1F600}');
      equal(le.decode(b(0x3d, 0xd8, 0x61, 0x00)), '\uFFFDa');
      equal(le.decode(b(0x00, 0xdc, 0x61)), '\uFFFD\uFFFD');
      const be = new lib.TextDecoder('utf-16be');
      equal(be.decode(b(0xfe, 0xff, 0x00, 0x61)), 'a');
      equal(be.decode(b(0x00, 0x61, 0xd8), { stream: true }), 'a');
      equal(be.decode(b(0x3d, 0xde), { stream: true }), '');
      equal(be.decode(b(0x00)), '\u{1F600}');
      equal(new lib.TextDecoder('utf-16le', { ignoreBOM: true }).decode(b(0xff, 0xfe)), '\uFEFF');
    },
  ],

  [
    'UTF-16LE whole calls: an odd last byte after a lead surrogate is one U+FFFD, views at any offset',
    (lib) => {
      const le = new lib.TextDecoder('utf-16le');
      const cases = [
        [b(0x00, 0xd8, 0x41), FFFD], // end of queue resets the lead surrogate and the odd byte: one error
        [b(0x41, 0x00, 0x00, 0xd8, 0x42), `A${FFFD}`],
        [b(0x00, 0xdc, 0x42), FFFD + FFFD],
        [b(0x00, 0xd8, 0x00, 0xd8, 0x00, 0xdc, 0x41), `${FFFD}\u{10000}${FFFD}`],
        [b(0x41), FFFD],
        [b(0xff, 0xfe, 0x41), FFFD],
        [b(0xff, 0xfe, 0x00, 0xd8), FFFD],
        [b(0xff, 0xfe, 0xff, 0xfe, 0xff), `\uFEFF${FFFD}`],
        [b(0xff), FFFD],
        [b(0x00, 0xdc, 0x00, 0xd8), FFFD + FFFD],
      ];
      for (const [bytes, want] of cases) {
        equal(le.decode(bytes), want, `${bytes}`);
        throws(() => new lib.TextDecoder('utf-16le', { fatal: true }).decode(bytes), TypeError, `fatal ${bytes}`);
      }
      equal(
        new lib.TextDecoder('utf-16le', { ignoreBOM: true }).decode(b(0xff, 0xfe, 0x00, 0xd8, 0x41)),
        `\uFEFF${FFFD}`,
      );
      equal(new lib.TextDecoder('utf-16le', { fatal: true }).decode(b(0xff, 0xfe, 0x41, 0x00)), 'A');
      // Views at an odd byte offset (on shared memory: the SharedArrayBuffer case below).
      equal(le.decode(utf16At1(new ArrayBuffer(10))), `\u{1F600}${FFFD}${FFFD}`);
      equal(le.decode(new DataView(utf16At1(new ArrayBuffer(10)).buffer, 3, 4)), '\u{1F600}');
    },
  ],

  [
    'windows-1252: C1 bytes and Latin-1 bytes, short and long, whole and streamed',
    (lib) => {
      const d = new lib.TextDecoder('windows-1252', { fatal: true });
      equal(d.decode(b(0x41, 0xa0, 0xe9, 0xff)), 'A\u00A0\u00E9\u00FF');
      equal(d.decode(b(0x41, 0xe9, 0x80, 0x9f, 0x81)), 'A\u00E9\u20AC\u0178\u0081');
      equal(d.decode(b(0x93, 0x61), { stream: true }), '\u201Ca');
      equal(d.decode(b(0xe9), { stream: true }), '\u00E9');
      equal(d.decode(), '');
      for (const n of [65535, 65536, 65537, 200000]) {
        const bytes = new Uint8Array(n).fill(0xe9);
        bytes[0] = 0x41;
        equal(d.decode(bytes), `A${'\u00E9'.repeat(n - 1)}`, `${n}`);
        bytes[n - 1] = 0x8c;
        equal(d.decode(bytes), `A${'\u00E9'.repeat(n - 2)}\u0152`, `${n} with C1`);
      }
    },
  ],

  [
    'decode accepts every AllowSharedBufferSource',
    (lib) => {
      const d = new lib.TextDecoder();
      const buf = new Uint8Array([0x78, 0x61, 0x62, 0x63, 0x79]).buffer;
      equal(d.decode(buf), 'xabcy');
      equal(d.decode(new DataView(buf, 1, 3)), 'abc');
      equal(d.decode(new Uint8Array(buf, 1, 2)), 'ab');
      equal(d.decode(new Int8Array(buf, 2, 2)), 'bc');
      equal(d.decode(new Uint16Array(new Uint8Array([0x61, 0x62, 0x63, 0x64]).buffer)), 'abcd');
      equal(d.decode(new Float64Array(0)), '');
      for (const bad of [null, 1, 'abc', [0x61], {}, { byteLength: 1 }]) {
        throws(() => d.decode(bad), TypeError, String(bad));
      }
    },
  ],

  [
    'decode accepts SharedArrayBuffers and views on them, at any offset',
    (lib) => {
      const d = new lib.TextDecoder();
      const sab = sharedArrayBuffer(3);
      new Uint8Array(sab).set([0xe3, 0x81, 0x82]);
      equal(d.decode(sab), '\u3042');
      equal(d.decode(new Uint8Array(sab, 1)), FFFD + FFFD);
      equal(d.decode(new DataView(sab)), '\u3042');
      equal(new lib.TextDecoder('windows-1252').decode(new Uint8Array(sab, 2)), '\u201A');
      const shared = new Uint8Array(sharedArrayBuffer(3));
      shared.set([0x61, 0xe9, 0x62]);
      equal(new lib.TextDecoder('windows-1252', { fatal: true }).decode(shared.subarray(1)), '\u00E9b');
      const le = new lib.TextDecoder('utf-16le');
      equal(le.decode(utf16At1(sharedArrayBuffer(10))), `\u{1F600}${FFFD}${FFFD}`);
    },
  ],

  [
    'a detached buffer decodes as empty',
    (lib) => {
      const buf = new Uint8Array([0x61]).buffer;
      const view = new Uint8Array(buf);
      const dv = new DataView(buf);
      detach(buf);
      equal(buf.byteLength, 0);
      for (const label of ['utf-8', 'windows-1252', 'utf-16le']) {
        const d = new lib.TextDecoder(label);
        equal(d.decode(buf), '', label);
        equal(d.decode(view), '', label);
        equal(d.decode(dv), '', label);
      }
    },
  ],

  [
    'options: dictionary members read once in order, converted with ToBoolean',
    (lib) => {
      const log = [];
      const options = loggingDictionary(log, { fatal: 'yes', ignoreBOM: 0, stream: 1 });
      const d = new lib.TextDecoder('utf-8', options);
      equal(log.join(), 'fatal,ignoreBOM');
      equal(d.fatal, true);
      equal(d.ignoreBOM, false);
      log.length = 0;
      equal(d.decode(b(0xe3), options), '');
      equal(log.join(), 'stream');
      throws(() => d.decode(), TypeError); // the pending byte, at the end, in fatal mode
      equal(new lib.TextDecoder('utf-8', null).fatal, false);
      equal(new lib.TextDecoder('utf-8', () => {}).fatal, false);
      for (const bad of [1, 'fatal', true, Symbol('x')]) {
        throws(() => new lib.TextDecoder('utf-8', bad), TypeError, String(bad));
        throws(() => new lib.TextDecoder().decode(undefined, bad), TypeError, String(bad));
      }
    },
  ],

  [
    'arguments are converted in order: the label before the options, the input before its options',
    (lib) => {
      const log = [];
      throws(
        () =>
          new lib.TextDecoder(
            {
              toString() {
                log.push('label');
                return 'nope';
              },
            },
            loggingDictionary(log, { fatal: false }),
          ),
        RangeError,
      );
      equal(log.join(), 'label,fatal');
      log.length = 0;
      throws(() => new lib.TextDecoder().decode(1, loggingDictionary(log, { stream: false })), TypeError);
      equal(log.join(), '');
    },
  ],

  [
    'large input crosses wasm memory in pieces',
    (lib) => {
      const n = (1 << 22) + 3;
      const bytes = new Uint8Array(n).fill(0xe9);
      const text = new lib.TextDecoder('windows-1252').decode(bytes);
      equal(text.length, n);
      equal(text.charCodeAt(n - 1), 0xe9);
      const utf16 = new Uint8Array(n * 2 + 1);
      for (let i = 0; i < n; i++) utf16[2 * i] = 0x41;
      const t16 = new lib.TextDecoder('utf-16le').decode(utf16);
      equal(t16.length, n + 1);
      equal(t16.slice(-2), 'A\uFFFD');
    },
  ],
];
