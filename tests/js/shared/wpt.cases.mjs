// Expectations in the style of web-platform-tests' encoding/ directory (api-basics,
// textdecoder-arguments, textdecoder-ignorebom, textdecoder-byte-order-marks, textdecoder-fatal,
// iso-2022-jp-decoder): the inputs those tests use, with outputs worked out by hand from the
// standard's algorithms (https://encoding.spec.whatwg.org/) and index tables.
import { deepEqual, equal, throws } from './assert.mjs';

const b = (...bytes) => new Uint8Array(bytes);
const FFFD = '\uFFFD';

// api-basics' sample: ASCII, 2-, 3- and 4-byte sequences, a private-use and a noncharacter.
const SAMPLE = 'z\u00A2\u6C34\u{1D11E}\uF8FF\u{10FFFD}\uFFFE';
const SAMPLE_UTF8 = [
  0x7a, 0xc2, 0xa2, 0xe6, 0xb0, 0xb4, 0xf0, 0x9d, 0x84, 0x9e, 0xef, 0xa3, 0xbf, 0xf4, 0x8f, 0xbf, 0xbd, 0xef, 0xbf,
  0xbe,
];
const SAMPLE_UTF16LE = [
  0x7a, 0x00, 0xa2, 0x00, 0x34, 0x6c, 0x34, 0xd8, 0x1e, 0xdd, 0xff, 0xf8, 0xff, 0xdb, 0xfd, 0xdf, 0xfe, 0xff,
];
const swapPairs = (bytes) => bytes.map((_, i) => bytes[i ^ 1]);

const BOMS = { 'utf-8': [0xef, 0xbb, 0xbf], 'utf-16le': [0xff, 0xfe], 'utf-16be': [0xfe, 0xff] };
const SAMPLE_BYTES = { 'utf-8': SAMPLE_UTF8, 'utf-16le': SAMPLE_UTF16LE, 'utf-16be': swapPairs(SAMPLE_UTF16LE) };

export default [
  [
    'api-basics: defaults, empty calls, the sample in UTF-8 and both UTF-16s',
    (lib) => {
      equal(new lib.TextEncoder().encoding, 'utf-8');
      deepEqual(new lib.TextEncoder().encode(), new Uint8Array(0));
      deepEqual(new lib.TextEncoder().encode(SAMPLE), new Uint8Array(SAMPLE_UTF8));
      const d = new lib.TextDecoder();
      deepEqual([d.encoding, d.fatal, d.ignoreBOM], ['utf-8', false, false]);
      equal(d.decode(), '');
      for (const [label, bytes] of Object.entries(SAMPLE_BYTES)) {
        equal(new lib.TextDecoder(label).decode(new Uint8Array(bytes)), SAMPLE, label);
        equal(new lib.TextDecoder(label, { fatal: true }).decode(new Uint8Array(bytes).buffer), SAMPLE, label);
      }
    },
  ],

  [
    'textdecoder-arguments: an undefined input is empty, and ends a stream',
    (lib) => {
      const d = new lib.TextDecoder();
      equal(d.decode(undefined), '');
      equal(d.decode(undefined, { stream: true }), '');
      // 0xC9 is a lead byte waiting for one continuation byte: ending the queue there is an error.
      for (const end of [
        () => d.decode(undefined),
        () => d.decode(undefined, undefined),
        () => d.decode(undefined, {}),
      ]) {
        equal(d.decode(b(0xc9), { stream: true }), '');
        equal(end(), FFFD);
      }
      const fatal = new lib.TextDecoder('utf-8', { fatal: true });
      equal(fatal.decode(b(0xc9), { stream: true }), '');
      throws(() => fatal.decode(undefined, {}), TypeError);
    },
  ],

  [
    'textdecoder-ignorebom: ignoreBOM keeps the BOM, on every call; otherwise it is removed',
    (lib) => {
      for (const [label, bom] of Object.entries(BOMS)) {
        const abc =
          label === 'utf-8'
            ? [0x61, 0x62, 0x63]
            : label === 'utf-16le'
              ? [0x61, 0, 0x62, 0, 0x63, 0]
              : [0, 0x61, 0, 0x62, 0, 0x63];
        const input = new Uint8Array([...bom, ...abc]);
        const keep = new lib.TextDecoder(label, { ignoreBOM: true });
        equal(keep.decode(input), '\uFEFFabc', label);
        equal(keep.decode(input), '\uFEFFabc', `${label}, again`);
        const drop = new lib.TextDecoder(label);
        equal(drop.decode(input), 'abc', label);
        equal(drop.decode(input), 'abc', `${label}, again`);
        equal(new lib.TextDecoder(label, { ignoreBOM: true }).ignoreBOM, true);
      }
    },
  ],

  [
    'textdecoder-byte-order-marks: only the matching BOM is removed',
    (lib) => {
      for (const [label, bytes] of Object.entries(SAMPLE_BYTES)) {
        const d = new lib.TextDecoder(label);
        equal(d.decode(new Uint8Array([...BOMS[label], ...bytes])), SAMPLE, `${label} with its BOM`);
        equal(d.decode(new Uint8Array(bytes)), SAMPLE, `${label} without a BOM`);
        for (const [other, bom] of Object.entries(BOMS)) {
          if (other === label) continue;
          const got = d.decode(new Uint8Array([...bom, ...bytes]));
          equal(got === SAMPLE, false, `${label} with the ${other} BOM: ${JSON.stringify(got)}`);
        }
      }
      // Another encoding's BOM is text: the UTF-16LE BOM in UTF-8 is two malformed bytes.
      equal(new lib.TextDecoder().decode(b(0xff, 0xfe, 0x61)), `${FFFD}${FFFD}a`);
    },
  ],

  [
    'textdecoder-fatal: malformed, overlong and surrogate UTF-8, a truncated UTF-16 code unit',
    (lib) => {
      const cases = [
        ['utf-8', [0xff]],
        ['utf-8', [0xc0]],
        ['utf-8', [0xe0]],
        ['utf-8', [0xc0, 0x00]],
        ['utf-8', [0xc0, 0xc0]],
        ['utf-8', [0xe0, 0x00]],
        ['utf-8', [0xe0, 0xc0]],
        ['utf-8', [0xe0, 0x80, 0x00]],
        ['utf-8', [0xe0, 0x80, 0xc0]],
        ['utf-8', [0xfc, 0x80, 0x80, 0x80, 0x80, 0x80]],
        ['utf-8', [0xfe, 0x80, 0x80, 0x80, 0x80, 0x80]],
        ['utf-8', [0xc0, 0x80]],
        ['utf-8', [0xe0, 0x80, 0x80]],
        ['utf-8', [0xf0, 0x80, 0x80, 0x80]],
        ['utf-8', [0xf8, 0x80, 0x80, 0x80, 0x80]],
        ['utf-8', [0xc1, 0xbf]],
        ['utf-8', [0xe0, 0x81, 0xbf]],
        ['utf-8', [0xf0, 0x80, 0x81, 0xbf]],
        ['utf-8', [0xe0, 0x9f, 0xbf]],
        ['utf-8', [0xf0, 0x8f, 0xbf, 0xbf]],
        ['utf-8', [0xed, 0xa0, 0x80]],
        ['utf-8', [0xed, 0xb0, 0x80]],
        ['utf-8', [0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80]],
        ['utf-8', [0xf4, 0x90, 0x80, 0x80]],
        ['utf-16le', [0x00]],
        ['utf-16be', [0x00]],
      ];
      for (const [label, bytes] of cases) {
        throws(
          () => new lib.TextDecoder(label, { fatal: true }).decode(new Uint8Array(bytes)),
          TypeError,
          `${label} ${bytes}`,
        );
      }
      // Without fatal, each maximal subpart is one U+FFFD: C0 and C1 never start a sequence, E0 80
      // is not a valid start of a three-byte one, ED A0 would be a surrogate.
      const d = new lib.TextDecoder();
      equal(d.decode(b(0xc0, 0x80)), FFFD + FFFD);
      equal(d.decode(b(0xe0, 0x80, 0x80)), FFFD + FFFD + FFFD);
      equal(d.decode(b(0xe0, 0xa0)), FFFD);
      equal(d.decode(b(0xed, 0xa0, 0x80)), FFFD + FFFD + FFFD);
      equal(d.decode(b(0xf0, 0x90, 0x80, 0x41)), `${FFFD}A`);
    },
  ],

  [
    'iso-2022-jp-decoder: escapes into each state, errors, and two escapes in a row',
    (lib) => {
      const d = new lib.TextDecoder('iso-2022-jp');
      const ESC = 0x1b;
      // Katakana: 0x21 to 0x5F are U+FF61 to U+FF9F; anything else there is an error.
      equal(d.decode(b(ESC, 0x28, 0x49, 0x21, 0x5f, ESC, 0x28, 0x42)), '\uFF61\uFF9F');
      equal(d.decode(b(ESC, 0x28, 0x49, 0x60)), FFFD);
      // Roman: 0x5C is U+00A5, 0x7E is U+203E, the rest ASCII.
      equal(d.decode(b(ESC, 0x28, 0x4a, 0x5c, 0x7e, 0x41)), '\u00A5\u203EA');
      // JIS X 0208: 0x30 0x21 is pointer (0x30 - 0x21) * 94 = 1410, U+4E9C in index jis0208.
      equal(d.decode(b(ESC, 0x24, 0x42, 0x30, 0x21, ESC, 0x28, 0x42)), '\u4E9C');
      equal(d.decode(b(ESC, 0x24, 0x40, 0x30, 0x21)), '\u4E9C');
      // An escape ended early or unknown is an error, and its bytes are text again.
      equal(d.decode(b(ESC, 0x22)), `${FFFD}"`);
      equal(d.decode(b(ESC, 0x24, 0x41)), `${FFFD}$A`);
      equal(d.decode(b(ESC)), FFFD);
      // An escape with no output since the last one is an error; the first one is not.
      equal(d.decode(b(ESC, 0x28, 0x42)), '');
      equal(d.decode(b(ESC, 0x28, 0x4a, ESC, 0x28, 0x42, 0x41)), `${FFFD}A`);
      // 0x0E, 0x0F and bytes above 0x7F are errors in every state.
      equal(d.decode(b(0x0e, 0x0f, 0x80, 0x41)), `${FFFD}${FFFD}${FFFD}A`);
    },
  ],
];
