// A stream's state between calls: TextDecoder, TextDecoderStream and LegacyEncoder keep it as a
// number the core saves and restores on every call (README: Memory), so it must come back exactly
// whatever state a call ends in: every split of each input, one byte (or code unit) a call, many
// streams of one encoding interleaved, streams dropped mid-way in between, and fatal streams going
// on after an error. Expectations are hand-worked from the standard's decoders and indexes
// (https://encoding.spec.whatwg.org/, index-*.txt), as the comments show.
import { deepEqual, equal, throws, pipe } from './assert.mjs';

const b = (...bytes) => new Uint8Array(bytes);
const FFFD = '\uFFFD';

// [label, options, input, the text of one whole decode() of it]
const INPUTS = [
  [
    'gb18030',
    {},
    // https://encoding.spec.whatwg.org/#gb18030-decoder
    // 81 30 81 30: four bytes, pointer 0, index gb18030 ranges: U+0080.
    // 90 30 81 30: pointer (0x90 − 0x81) × 12600 = 189000: U+10000 (189000 → 0x10000 + 0).
    // 81 40: pointer (0x81 − 0x81) × 190 + (0x40 − 0x40) = 0, index gb18030: U+4E02.
    // 81 30 20: third is 0x00 and 0x20 is no third byte: « 30 20 » restored, error, then "0 ".
    // 81 30 81 20: 0x20 is no fourth byte: « 30 81 20 » restored, error; "0"; 81 20 has no
    // pointer and 0x20 is ASCII: restored, error; " ".
    // 80: U+20AC. 41: "A".
    [
      [0x81, 0x30, 0x81, 0x30, 0x90, 0x30, 0x81, 0x30, 0x81, 0x40],
      [0x81, 0x30, 0x20, 0x81, 0x30, 0x81, 0x20, 0x80, 0x41],
    ].flat(),
    `\u0080\u{10000}\u4E02${FFFD}0 ${FFFD}0${FFFD} \u20ACA`,
  ],
  [
    'iso-2022-jp',
    {},
    // https://encoding.spec.whatwg.org/#iso-2022-jp-decoder
    // ESC $ B: leading byte (output was false: continue; output := true). 24 22: pointer
    // (0x24 − 0x21) × 94 + 0x22 − 0x21 = 283, index jis0208: U+3042.
    // ESC ( I: katakana. 31: 0xFF61 − 0x21 + 0x31 = U+FF71.
    // ESC ( J: Roman. 5C: U+00A5. 7E: U+203E.
    // ESC ( B: ASCII, output := true; ESC ( B again at once: output was true, error.
    // 41: "A". ESC 41: escape start, 0x41 restored, error (state := output state, ASCII); "A".
    // ESC $ A: escape with leading 0x24 and 0x41: « 24 41 » restored, error; "$A".
    // ESC $ @: leading byte. 24 22: U+3042. ESC ( B: ASCII. 42: "B".
    [
      [0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x49, 0x31, 0x1b, 0x28, 0x4a, 0x5c, 0x7e],
      [0x1b, 0x28, 0x42, 0x1b, 0x28, 0x42, 0x41, 0x1b, 0x41, 0x1b, 0x24, 0x41],
      [0x1b, 0x24, 0x40, 0x24, 0x22, 0x1b, 0x28, 0x42, 0x42],
    ].flat(),
    `\u3042\uFF71\u00A5\u203E${FFFD}A${FFFD}A${FFFD}$A\u3042B`,
  ],
  [
    'euc-jp',
    {},
    // https://encoding.spec.whatwg.org/#euc-jp-decoder
    // 8F B0 A1: jis0212, pointer (0xB0 − 0xA1) × 94 + 0xA1 − 0xA1 = 1410, index jis0212: U+4E02.
    // 8E B1: 0xFF61 − 0xA1 + 0xB1 = U+FF71. A4 A2: pointer 3 × 94 + 1 = 283, jis0208: U+3042.
    // 8F B0 41: 0x41 is no trail byte and ASCII: restored, error; "A". 42: "B".
    [0x8f, 0xb0, 0xa1, 0x8e, 0xb1, 0xa4, 0xa2, 0x8f, 0xb0, 0x41, 0x42],
    `\u4E02\uFF71\u3042${FFFD}AB`,
  ],
  [
    'shift_jis',
    {},
    // https://encoding.spec.whatwg.org/#shift_jis-decoder
    // 82 A0: leading offset 0x81, offset 0x41: pointer 1 × 188 + 0xA0 − 0x41 = 283: U+3042.
    // F0 40: leading offset 0xC1: pointer 47 × 188 = 8836, EUDC: 0xE000 − 8836 + 8836 = U+E000.
    // B1: 0xFF61 − 0xA1 + 0xB1 = U+FF71. 82 20: no pointer, ASCII restored, error; " ". 41: "A".
    [0x82, 0xa0, 0xf0, 0x40, 0xb1, 0x82, 0x20, 0x41],
    `\u3042\uE000\uFF71${FFFD} A`,
  ],
  [
    'big5',
    {},
    // https://encoding.spec.whatwg.org/#big5-decoder
    // A4 40: pointer (0xA4 − 0x81) × 157 + 0x40 − 0x40 = 5495, index Big5: U+4E00.
    // 88 62: pointer 7 × 157 + 0x62 − 0x40 = 1133: the two code points U+00CA U+0304.
    // 81 20: no pointer, ASCII restored, error; " ". 41: "A".
    [0xa4, 0x40, 0x88, 0x62, 0x81, 0x20, 0x41],
    `\u4E00\u00CA\u0304${FFFD} A`,
  ],
  [
    'euc-kr',
    {},
    // https://encoding.spec.whatwg.org/#euc-kr-decoder
    // 81 41: pointer 0 × 190 + 0x41 − 0x41 = 0, index EUC-KR: U+AC02. 81 20: no pointer, ASCII
    // restored, error; " ". 41: "A".
    [0x81, 0x41, 0x81, 0x20, 0x41],
    `\uAC02${FFFD} A`,
  ],
  [
    'utf-8',
    {},
    // https://encoding.spec.whatwg.org/#utf-8-decoder
    // EF BB BF: the BOM, removed. F0 9F 98 80: U+1F600. E3 81 82: U+3042. C3 A9: U+00E9.
    // F0 9F 41: 0x41 is no continuation byte: restored, one error for F0 9F; "A".
    [0xef, 0xbb, 0xbf, 0xf0, 0x9f, 0x98, 0x80, 0xe3, 0x81, 0x82, 0xc3, 0xa9, 0xf0, 0x9f, 0x41],
    `\u{1F600}\u3042\u00E9${FFFD}A`,
  ],
  [
    'utf-8',
    { ignoreBOM: true },
    // The same with ignore BOM: U+FEFF stays.
    [0xef, 0xbb, 0xbf, 0xf0, 0x9f, 0x98, 0x80, 0xe3, 0x81, 0x82, 0xc3, 0xa9, 0xf0, 0x9f, 0x41],
    `\uFEFF\u{1F600}\u3042\u00E9${FFFD}A`,
  ],
  [
    'utf-8',
    {},
    // A BOM after BOM seen is kept: EF BB BF EF BB BF 61 is U+FEFF "a".
    [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x61],
    '\uFEFFa',
  ],
  [
    'utf-16le',
    {},
    // https://encoding.spec.whatwg.org/#shared-utf-16-decoder
    // FF FE: the BOM, removed. 3D D8 00 DE: D83D DE00, U+1F600. 41 00: "A". 00 D8 then 42 00:
    // a leading surrogate and no trailing one: « 42 00 » restored, error; "B".
    [0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde, 0x41, 0x00, 0x00, 0xd8, 0x42, 0x00],
    `\u{1F600}A${FFFD}B`,
  ],
  [
    'utf-16le',
    { ignoreBOM: true },
    [0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde, 0x41, 0x00, 0x00, 0xd8, 0x42, 0x00],
    `\uFEFF\u{1F600}A${FFFD}B`,
  ],
  [
    'utf-16be',
    {},
    // FE FF: the BOM, removed. D8 3D DE 00: U+1F600. 00 7A: "z".
    [0xfe, 0xff, 0xd8, 0x3d, 0xde, 0x00, 0x00, 0x7a],
    '\u{1F600}z',
  ],
];

// Decoders of `label` fed `input` in lockstep, one byte a call, with a decoder of the same label
// dropped mid-stream after each step: each must still give `want`.
function lockstep(lib, label, options, input, want) {
  const decoders = [0, 1, 2].map(() => new lib.TextDecoder(label, options));
  const texts = decoders.map(() => '');
  for (const byte of input) {
    decoders.forEach((d, k) => {
      texts[k] += d.decode(b(byte), { stream: true });
    });
    new lib.TextDecoder(label, options).decode(b(byte), { stream: true });
  }
  decoders.forEach((d, k) => {
    equal(texts[k] + d.decode(), want, `${label} ${JSON.stringify(options)} one byte a call, decoder ${k}`);
  });
}

const bytesEqual = (actual, expected, message) => deepEqual(Array.from(actual), expected, message);
const ascii = (s) => Array.from(s, (c) => c.charCodeAt(0));

export default [
  [
    'TextDecoder: every two-way split, one byte a call, and streams interleaved give the whole call',
    (lib) => {
      for (const [label, options, bytes, want] of INPUTS) {
        const input = Uint8Array.from(bytes);
        equal(new lib.TextDecoder(label, options).decode(input), want, `${label} whole`);
        // One decoder for every split: a final call ends the stream, so the next starts afresh.
        const d = new lib.TextDecoder(label, options);
        for (let i = 0; i <= input.length; i++) {
          const got = d.decode(input.subarray(0, i), { stream: true }) + d.decode(input.subarray(i));
          equal(got, want, `${label} ${JSON.stringify(options)} split at ${i}`);
        }
        lockstep(lib, label, options, input, want);
      }
    },
  ],

  [
    'TextDecoder: a stream ending mid-sequence gives the end-of-queue error once',
    (lib) => {
      const ends = [
        // gb18030 first, second and third set at end-of-queue: one error.
        ['gb18030', [0x81, 0x30, 0x81], FFFD],
        // ISO-2022-JP escape with leading 0x24 at end-of-queue: 0x24 restored, error; "$".
        ['iso-2022-jp', [0x1b, 0x24], `${FFFD}$`],
        // Escape start at end-of-queue: error.
        ['iso-2022-jp', [0x1b], FFFD],
        // ESC $ B 24: trailing byte at end-of-queue: error.
        ['iso-2022-jp', [0x1b, 0x24, 0x42, 0x24], FFFD],
        // EUC-JP leading 0xB0 after 0x8F at end-of-queue: error.
        ['euc-jp', [0x8f, 0xb0], FFFD],
        // A UTF-8 sequence needing one more byte: error.
        ['utf-8', [0xf0, 0x9f, 0x98], FFFD],
        // UTF-16LE leading surrogate and leading byte at end-of-queue: one error.
        ['utf-16le', [0x3d, 0xd8, 0x00], FFFD],
        // UTF-16BE: only the BOM's first byte, which is then a leading byte: error.
        ['utf-16be', [0xfe], FFFD],
      ];
      for (const [label, bytes, want] of ends) {
        const d = new lib.TextDecoder(label);
        let text = '';
        for (const byte of bytes) text += d.decode(b(byte), { stream: true });
        equal(text + d.decode(), want, `${label} ${bytes}`);
        // The stream ended: the next call starts afresh.
        equal(
          d.decode(b(0x41, ...(label.startsWith('utf-16') ? [0x41] : []))),
          label.startsWith('utf-16') ? '\u4141' : 'A',
        );
      }
    },
  ],

  [
    'TextDecoder: UTF-8 and UTF-16LE BOMs split byte by byte, with and without ignoreBOM',
    (lib) => {
      // EF | BB | BF | 61: the BOM removed unless ignoreBOM; then a final call, and the next
      // stream removes its BOM again.
      for (const [options, want] of [
        [{}, 'a'],
        [{ ignoreBOM: true }, '\uFEFFa'],
      ]) {
        const d = new lib.TextDecoder('utf-8', options);
        for (let round = 0; round < 2; round++) {
          let text = '';
          for (const byte of [0xef, 0xbb, 0xbf]) text += d.decode(b(byte), { stream: true });
          equal(text + d.decode(b(0x61)), want, `utf-8 ${JSON.stringify(options)} round ${round}`);
        }
      }
      // FF | FE 41 00: the BOM removed unless ignoreBOM.
      for (const [options, want] of [
        [{}, 'A'],
        [{ ignoreBOM: true }, '\uFEFFA'],
      ]) {
        const d = new lib.TextDecoder('utf-16le', options);
        equal(d.decode(b(0xff), { stream: true }), '');
        equal(d.decode(b(0xfe, 0x41, 0x00)), want, `utf-16le ${JSON.stringify(options)}`);
      }
    },
  ],

  [
    'TextDecoder: a fatal stream goes on from its state after an error (README: the rest of that call is dropped)',
    (lib) => {
      // UTF-8: E3 81 then 41 is an error (0x41 restored, dropped with the rest of the call); BOM
      // seen is as before the throwing call (false: nothing was output), so a BOM after it is
      // removed.
      const u = new lib.TextDecoder('utf-8', { fatal: true });
      equal(u.decode(b(0xe3, 0x81), { stream: true }), '');
      throws(() => u.decode(b(0x41, 0x42), { stream: true }), TypeError);
      equal(u.decode(b(0xef, 0xbb, 0xbf, 0x43), { stream: true }), 'C');
      equal(u.decode(b(0xe3, 0x81), { stream: true }), '');
      equal(u.decode(b(0x82)), '\u3042');
      // ISO-2022-JP: ESC ( J then 0xFF in Roman is an error; the stream stays in Roman, where
      // 0x7E is U+203E; a final call ends it, and the next starts in ASCII (0x7E is "~").
      const j = new lib.TextDecoder('iso-2022-jp', { fatal: true });
      equal(j.decode(b(0x7e)), '~');
      throws(() => j.decode(b(0x1b, 0x28, 0x4a, 0xff, 0x41), { stream: true }), TypeError);
      equal(j.decode(b(0x7e)), '\u203E');
      equal(j.decode(b(0x7e)), '~');
      // gb18030: 81 30 then 20 is an error (« 30 20 » restored, dropped); the decoder is initial.
      const g = new lib.TextDecoder('gb18030', { fatal: true });
      equal(g.decode(b(0x81, 0x30), { stream: true }), '');
      throws(() => g.decode(b(0x20, 0x41), { stream: true }), TypeError);
      equal(g.decode(b(0x81), { stream: true }), '');
      equal(g.decode(b(0x40)), '\u4E02');
      // UTF-16LE: a leading surrogate, then 0x0041 is an error (« 41 00 » restored, dropped).
      const w = new lib.TextDecoder('utf-16le', { fatal: true });
      equal(w.decode(b(0x00, 0xd8), { stream: true }), '');
      throws(() => w.decode(b(0x41, 0x00, 0x42, 0x00), { stream: true }), TypeError);
      equal(w.decode(b(0x43), { stream: true }), '');
      equal(w.decode(b(0x00)), 'C');
      // A fatal error in a final call ends the stream: the next starts afresh, in ASCII.
      equal(j.decode(b(0x1b, 0x28, 0x4a), { stream: true }), '');
      throws(() => j.decode(b(0xff)), TypeError);
      equal(j.decode(b(0x7e)), '~');
    },
  ],

  [
    'TextDecoder: thousands of streams dropped mid-way leave live streams of the encoding exact',
    (lib) => {
      // A live gb18030 stream of 81 | 30 | 81 | 30 (U+0080, as above), with 2,000 decoders dropped
      // after 0x81 between its calls.
      const live = new lib.TextDecoder('gb18030');
      let text = '';
      for (const byte of [0x81, 0x30, 0x81, 0x30]) {
        text += live.decode(b(byte), { stream: true });
        for (let i = 0; i < 500; i++) new lib.TextDecoder('gb18030').decode(b(0x81), { stream: true });
      }
      equal(text + live.decode(), '\u0080');
    },
  ],

  [
    'TextDecoderStream: one byte a chunk, gb18030 and ISO-2022-JP',
    async (lib) => {
      for (const [label, options, bytes, want] of INPUTS.slice(0, 2)) {
        const got = (
          await pipe(
            new lib.TextDecoderStream(label, options),
            bytes.map((x) => b(x)),
          )
        ).join('');
        equal(got, want, label);
      }
    },
  ],

  [
    'LegacyEncoder: ISO-2022-JP state and a split surrogate pair, one code unit a call',
    (lib) => {
      // https://encoding.spec.whatwg.org/#iso-2022-jp-encoder, html mode:
      // U+00A5 in ASCII: ESC ( J (Roman), then 5C. "a" in Roman: 61 (Roman stays).
      // U+3042: jis0208 pointer 283: ESC $ B, then 283 / 94 + 0x21 = 24, 283 % 94 + 0x21 = 22.
      // U+1F600 (its surrogates in two calls): no pointer, in jis0208: ESC ( B (ASCII), then an
      // error with U+1F600: "&#128512;". "b": 62. The end in ASCII: nothing.
      const input = '\u00A5a\u3042\uD83D\uDE00b';
      const want = [
        [0x1b, 0x28, 0x4a, 0x5c, 0x61, 0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42],
        ascii('&#128512;'),
        [0x62],
      ].flat();
      const encoders = [new lib.LegacyEncoder('iso-2022-jp'), new lib.LegacyEncoder('iso-2022-jp')];
      const out = encoders.map(() => []);
      for (let i = 0; i < input.length; i++) {
        const unit = input[i];
        encoders.forEach((e, k) => {
          out[k].push(...e.encode(unit, { stream: true }));
        });
        // Dropped mid-stream, in jis0208 state.
        new lib.LegacyEncoder('iso-2022-jp').encode('\u3042', { stream: true });
      }
      encoders.forEach((e, k) => {
        out[k].push(...e.encode());
        bytesEqual(out[k], want, `encoder ${k}`);
      });
      // Fatal: U+20AC has no jis0208 pointer: in jis0208, ESC ( B (ASCII), then the error; the
      // encoder goes on in ASCII. U+3044: pointer 285: ESC $ B 24 24, and the end: ESC ( B.
      const f = new lib.LegacyEncoder('iso-2022-jp', { fatal: true });
      bytesEqual(f.encode('\u3042', { stream: true }), [0x1b, 0x24, 0x42, 0x24, 0x22]);
      const e = throws(() => f.encode('\u20AC', { stream: true }), TypeError);
      bytesEqual(e.bytes, [0x1b, 0x28, 0x42]);
      equal(e.codePoint, 0x20ac);
      equal(e.index, 1);
      bytesEqual(f.encode('\u3044'), [0x1b, 0x24, 0x42, 0x24, 0x24, 0x1b, 0x28, 0x42]);
    },
  ],
];
