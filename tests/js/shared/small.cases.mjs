// Short decode() calls and the state TextDecoders of one encoding share for whole calls: short
// outputs are built by a path of their own (up to 32 code units), and a decoder gets its own
// state only at its first {stream: true} call. Expected strings are written out from the indexes.
import { equal, throws } from './assert.mjs';

const b = (...bytes) => new Uint8Array(bytes);
const FFFD = '\uFFFD';

// Shift_JIS bytes and their code points: ASCII, a half-width katakana (one byte, § 13.3.1
// step 6: 0xB1 is U+FF71) and HIRAGANA LETTER A (0x82 0xA0, index pointer 188 + 0x42).
const SJIS = [
  [[0x61], 'a'],
  [[0xb1], '\uFF71'],
  [[0x82, 0xa0], '\u3042'],
  [[0x7e], '~'],
];

function sjisRun(n, offset) {
  const bytes = [];
  let text = '';
  for (let i = 0; i < n; i++) {
    const [bs, c] = SJIS[(i + offset) % SJIS.length];
    bytes.push(...bs);
    text += c;
  }
  return [new Uint8Array(bytes), text];
}

export default [
  [
    'outputs of 0 to 40 code units, after longer ones, are exact (one- and two-byte strings)',
    (lib) => {
      const d = new lib.TextDecoder('shift_jis');
      // A long decode first, so the scratch memory past each short output holds other text.
      const [longBytes, longText] = sjisRun(200, 1);
      equal(d.decode(longBytes), longText);
      for (let n = 0; n <= 40; n++) {
        for (const offset of [0, 2]) {
          const [bytes, text] = sjisRun(n, offset);
          equal(d.decode(bytes), text, `${n} characters from ${offset}`);
        }
        // Only ASCII (a one-byte string), then only windows-1251 Cyrillic (two-byte).
        equal(d.decode(new Uint8Array(n).fill(0x41)), 'A'.repeat(n), `${n} ASCII`);
        equal(
          new lib.TextDecoder('windows-1251').decode(new Uint8Array(n).fill(0xc0)),
          '\u0410'.repeat(n),
          `${n} Cyrillic`,
        );
      }
    },
  ],

  [
    'short outputs: an error at the last position, U+FFFD included, fatal mode throws',
    (lib) => {
      equal(new lib.TextDecoder('shift_jis').decode(b(0x61, 0x62, 0x82)), `ab${FFFD}`);
      equal(new lib.TextDecoder('shift_jis').decode(b(0x61, 0xa0)), `a${FFFD}`);
      throws(() => new lib.TextDecoder('shift_jis', { fatal: true }).decode(b(0x61, 0x62, 0x82)), TypeError);
      equal(new lib.TextDecoder('windows-1252').decode(b(0x61, 0x80)), 'a\u20AC');
      equal(new lib.TextDecoder('windows-1252').decode(b(0x61, 0x81)), 'a\u0081');
      equal(new lib.TextDecoder('iso-8859-7').decode(b(0x61, 0xae)), `a${FFFD}`);
    },
  ],

  [
    'decoders of one encoding do not share streaming state',
    (lib) => {
      const d = new lib.TextDecoder('shift_jis');
      const e = new lib.TextDecoder('shift_jis');
      equal(d.decode(b(0x61)), 'a'); // a whole call first
      equal(d.decode(b(0x82), { stream: true }), ''); // d now holds a lead byte
      equal(e.decode(b(0xa0, 0x41)), `${FFFD}A`); // 0xA0 alone is an error
      equal(e.decode(b(0xa0)), FFFD);
      equal(new lib.TextDecoder('shift_jis').decode(b(0xa0)), FFFD);
      equal(d.decode(b(0xa0)), '\u3042'); // d's lead byte was kept
      equal(d.decode(b(0xa0)), FFFD); // and the stream ended
      equal(e.decode(b(0x82), { stream: true }), '');
      equal(e.decode(), FFFD); // end of queue
      equal(d.decode(b(0x82, 0xa0)), '\u3042');
    },
  ],

  [
    'decoders with other options do not share state: fatal, ignoreBOM',
    (lib) => {
      const plain = new lib.TextDecoder('euc-kr');
      const fatal = new lib.TextDecoder('euc-kr', { fatal: true });
      throws(() => fatal.decode(b(0x41, 0xff)), TypeError);
      equal(plain.decode(b(0x41, 0xff)), `A${FFFD}`);
      equal(fatal.decode(b(0xb0, 0xa1)), '\uAC00');
      equal(fatal.decode(b(0xb0), { stream: true }), '');
      throws(() => fatal.decode(b(0x30)), TypeError);
      equal(fatal.decode(b(0x41)), 'A'); // reset after the error
      equal(new lib.TextDecoder('euc-kr', { fatal: true }).decode(b(0xb0, 0xa1)), '\uAC00');
      const keep = new lib.TextDecoder('utf-16le', { ignoreBOM: true });
      const drop = new lib.TextDecoder('utf-16le');
      equal(keep.decode(b(0xff, 0xfe, 0x41, 0x00)), '\uFEFFA');
      equal(drop.decode(b(0xff, 0xfe, 0x41, 0x00)), 'A');
      equal(keep.decode(b(0xff, 0xfe, 0x41, 0x00)), '\uFEFFA');
    },
  ],

  [
    'a BOM in a short input, whole and then streamed, by the same decoder',
    (lib) => {
      for (const [label, bom] of [
        ['utf-8', [0xef, 0xbb, 0xbf]],
        ['utf-16le', [0xff, 0xfe]],
        ['utf-16be', [0xfe, 0xff]],
      ]) {
        const d = new lib.TextDecoder(label);
        const a = label === 'utf-8' ? [0x61] : label === 'utf-16le' ? [0x61, 0x00] : [0x00, 0x61];
        equal(d.decode(b(...bom, ...a)), 'a', label);
        equal(d.decode(b(...bom, ...bom)), '\uFEFF', label);
        // Streamed: the BOM split across calls is removed once, at the start of the stream only.
        equal(d.decode(b(bom[0]), { stream: true }), '', label);
        equal(d.decode(b(...bom.slice(1), ...a), { stream: true }), 'a', label);
        equal(d.decode(b(...bom, ...a)), '\uFEFFa', label);
        equal(d.decode(b(...bom, ...a)), 'a', label); // a new stream again
      }
    },
  ],

  [
    'many decoders made and dropped, with streams left open, decode on',
    (lib) => {
      for (let i = 0; i < 200; i++) {
        const d = new lib.TextDecoder('gbk');
        equal(d.decode(b(0xc4, 0xe3, 0x41)), '\u4F60A');
        if (i % 2 === 0) equal(d.decode(b(0xc4), { stream: true }), '');
      }
      equal(new lib.TextDecoder('gbk').decode(b(0xe3)), FFFD);
    },
  ],
];
