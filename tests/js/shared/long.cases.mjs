// Inputs and outputs long enough for the layer's bulk paths (in Node: string input written by
// Buffer, outputs of 512K-1M code units taken as a slice of an external string, long UTF-16LE
// through wasm rather than the native decoder): the result must be the same, to the code unit.
import { equal, ok, throws } from './assert.mjs';

// `count` copies of `unit`'s bytes between a prefix and a suffix.
function repeated(prefix, unit, count, suffix) {
  const out = new Uint8Array(prefix.length + unit.length * count + suffix.length);
  out.set(prefix, 0);
  for (let i = 0; i < count; i++) out.set(unit, prefix.length + i * unit.length);
  out.set(suffix, prefix.length + unit.length * count);
  return out;
}

// Compares long strings without printing them.
function sameString(actual, expected, what) {
  equal(actual.length, expected.length, `${what}: length`);
  ok(actual === expected, `${what}: content differs`);
}

export default [
  [
    'Shift_JIS outputs of 512K to 1M code units decode exactly',
    (lib) => {
      // 82 A0 is U+3042; a two-byte error (A0 at the start is not a leading byte) and ASCII around.
      for (const count of [515954, 700000, 1031910, 1031912]) {
        const bytes = repeated([0x78, 0xa0], [0x82, 0xa0], count, [0x79, 0x7a]);
        const text = new lib.TextDecoder('shift_jis').decode(bytes);
        sameString(text, `x\uFFFD${'\u3042'.repeat(count)}yz`, `count ${count}`);
      }
    },
  ],
  [
    'long UTF-16LE decodes exactly, lone surrogates and an odd last byte as U+FFFD',
    (lib) => {
      const count = 600000;
      const bytes = repeated(
        [0xff, 0xfe, 0x00, 0xd8, 0x61, 0x00],
        [0xe9, 0x00],
        count,
        [0x00, 0xdc, 0x3d, 0xd8, 0x00, 0xde, 0x62],
      );
      sameString(
        new lib.TextDecoder('utf-16le').decode(bytes),
        `\uFFFDa${'\u00E9'.repeat(count)}\uFFFD\u{1F600}\uFFFD`,
        'BOM removed',
      );
      sameString(
        new lib.TextDecoder('utf-16le', { ignoreBOM: true }).decode(bytes),
        `\uFEFF\uFFFDa${'\u00E9'.repeat(count)}\uFFFD\u{1F600}\uFFFD`,
        'BOM kept',
      );
      let threw = false;
      try {
        new lib.TextDecoder('utf-16le', { fatal: true }).decode(bytes);
      } catch (e) {
        threw = e instanceof TypeError;
      }
      ok(threw, 'fatal mode throws a TypeError');
    },
  ],
  [
    'long strings encode exactly: lone surrogates, html and fatal modes, UTF-16',
    (lib) => {
      const s = `${'\u00E9'.repeat(40)}\uD800${'a'.repeat(30)}\u3042`;
      const html = lib.encode(s, 'windows-1252');
      const want = [
        ...Array(40).fill(0xe9),
        ...Array.from('&#65533;', (c) => c.charCodeAt(0)),
        ...Array(30).fill(0x61),
        ...Array.from('&#12354;', (c) => c.charCodeAt(0)),
      ];
      equal(html.length, want.length, 'html length');
      ok(
        want.every((b, i) => html[i] === b),
        'html bytes',
      );
      let message = '';
      try {
        lib.encode(s, 'windows-1252', { fatal: true });
      } catch (e) {
        message = e.message;
      }
      ok(
        message.includes('U+FFFD') && message.includes('index 40'),
        `fatal error names U+FFFD at index 40: ${message}`,
      );
      const legacy = new lib.LegacyEncoder('windows-1252', { fatal: true });
      message = '';
      try {
        legacy.encode(`${'a'.repeat(20)}\u3042`);
      } catch (e) {
        message = e.message;
      }
      ok(
        message.includes('U+3042') && message.includes('index 20'),
        `LegacyEncoder's fatal error names U+3042 at index 20: ${message}`,
      );
      equal(Array.from(legacy.encode('\u00E9a')).join(), '233,97', 'the encoder is usable after a fatal error');
      const le = lib.encode(s, 'utf-16le');
      const be = lib.encode(s, 'utf-16be');
      equal(le.length, 2 * s.length, 'utf-16le length');
      ok(
        le[0] === 0xe9 &&
          le[1] === 0 &&
          le[80] === 0xfd &&
          le[81] === 0xff &&
          le[82] === 0x61 &&
          le[142] === 0x42 &&
          le[143] === 0x30,
        'utf-16le bytes',
      );
      ok(
        be[0] === 0 && be[1] === 0xe9 && be[80] === 0xff && be[81] === 0xfd && be[142] === 0x30 && be[143] === 0x42,
        'utf-16be bytes',
      );
      const streamed = new lib.LegacyEncoder('utf-16le');
      const first = streamed.encode(`${'a'.repeat(20)}\uD83D`, { stream: true });
      const second = streamed.encode('\uDE00');
      equal(first.length + second.length, 44, 'a surrogate pair split across calls is one code point');
      ok(
        second[0] === 0x3d && second[1] === 0xd8 && second[2] === 0x00 && second[3] === 0xde,
        'the pair is written whole',
      );
    },
  ],
  [
    'a character across the 2 MiB piece boundary, on every path of a long call',
    async (lib) => {
      const MiB = 1 << 20;
      // 'a' up to the boundary but one byte, then a character of n bytes across it, then 'z' and
      // the character's first byte alone, which the end of the input makes one U+FFFD.
      const across = (char) => {
        const bytes = new Uint8Array(2 * MiB - 1 + char.length + 2).fill(0x61);
        bytes.set(char, 2 * MiB - 1);
        bytes.set([0x7a, char[0]], bytes.length - 2);
        return bytes;
      };
      const expect = (c) => `${'a'.repeat(2 * MiB - 1)}${c}z\uFFFD`;
      // Each encoding's bytes for one character (hand-checked against the standard's indexes):
      // UTF-8 E3 81 82 and Shift_JIS 82 A0 are あ; gb18030 81 30 81 30 is U+0080.
      const cases = [
        ['utf-8', [0xe3, 0x81, 0x82], '\u3042'],
        ['shift_jis', [0x82, 0xa0], '\u3042'],
        ['gb18030', [0x81, 0x30, 0x81, 0x30], '\u0080'],
      ];
      for (const [label, char, c] of cases) {
        const bytes = across(char);
        sameString(new lib.TextDecoder(label).decode(bytes), expect(c), `${label} decode()`);
        const streaming = new lib.TextDecoder(label);
        sameString(streaming.decode(bytes, { stream: true }) + streaming.decode(), expect(c), `${label} stream`);
        sameString(lib.decode(bytes, label).text, expect(c), `${label} decode hook`);
        const inspected = lib.inspect(bytes, label);
        sameString(inspected.text, expect(c), `${label} inspect()`);
        equal(inspected.errorCount, 1, `${label} inspect() errors`);
        if (typeof TransformStream === 'function') {
          const parts = [];
          const stream = new lib.TextDecoderStream(label);
          const writer = stream.writable.getWriter();
          const reading = (async () => {
            for (const reader = stream.readable.getReader(); ; ) {
              const { value, done } = await reader.read();
              if (done) return;
              parts.push(value);
            }
          })();
          await writer.write(bytes);
          await writer.close();
          await reading;
          sameString(parts.join(''), expect(c), `${label} TextDecoderStream`);
        }
      }
      // UTF-16LE: a surrogate pair with one code unit either side of the boundary.
      const utf16 = new Uint8Array(2 * MiB + 2).fill(0);
      for (let i = 0; i < utf16.length; i += 2) utf16[i] = 0x61;
      utf16.set([0x3d, 0xd8, 0x00, 0xde], 2 * MiB - 2); // U+1F600 as a surrogate pair
      const text16 = `${'a'.repeat(MiB - 1)}\u{1F600}`;
      sameString(new lib.TextDecoder('utf-16le').decode(utf16), text16, 'utf-16le decode()');
      const s16 = new lib.TextDecoder('utf-16le');
      sameString(s16.decode(utf16, { stream: true }) + s16.decode(), text16, 'utf-16le stream');
      // Encoders: a surrogate pair across the 2 Mi code unit boundary of the input.
      const string = `${'a'.repeat(2 * MiB - 1)}\u{20B9F}z`; // 𠮟: gb18030 pointer 257511, 95 34 B0 31
      const gb = lib.encode(string, 'gb18030');
      equal(gb.length, 2 * MiB - 1 + 4 + 1, 'encode() length');
      ok(
        gb[2 * MiB - 1] === 0x95 && gb[2 * MiB] === 0x34 && gb[2 * MiB + 1] === 0xb0 && gb[2 * MiB + 2] === 0x31,
        'encode(): the pair across the boundary is one four-byte sequence',
      );
      const legacy = new lib.LegacyEncoder('gb18030');
      const streamed = [legacy.encode(string, { stream: true }), legacy.encode('')];
      equal(streamed[0].length + streamed[1].length, gb.length, 'LegacyEncoder length');
      ok(
        streamed[0].every((b, i) => b === gb[i]),
        'LegacyEncoder bytes',
      );
    },
  ],
  [
    "a fatal encoder error's index counts from the start of the whole input, past the 2 Mi code unit pieces",
    (lib) => {
      const Mi = 1 << 20;
      // The TypeError of U+XXXX at `index` of the whole input; the call's `before` bytes before it.
      const fails = (call, index, codePoint, before, what) => {
        const e = throws(call, TypeError, what);
        equal(e.index, index, `${what}: index`);
        equal(e.codePoint, codePoint, `${what}: code point`);
        ok(e.message.includes(` at index ${index} `), `${what}: ${e.message}`);
        equal(e.bytes.length, before.length, `${what}: bytes before`);
        ok(
          before.every((b, i) => e.bytes[i] === b),
          `${what}: the bytes before are the call's output up to the code point`,
        );
      };
      const a = (n) => new Uint8Array(n).fill(0x61);
      // windows-1252 has neither U+3042 nor U+1F600 (a surrogate pair); 'a' is 0x61, one byte a
      // code unit, so the bytes before an error are as many as the code units before it.
      const cases = [
        ['just before the boundary', `${'a'.repeat(2 * Mi - 1)}\u3042${'b'.repeat(9)}`, 2 * Mi - 1, 0x3042],
        ['just after it', `${'a'.repeat(2 * Mi + 6)}\u3042b`, 2 * Mi + 6, 0x3042],
        ['a pair across it', `${'a'.repeat(2 * Mi - 1)}\u{1F600}b`, 2 * Mi - 1, 0x1f600],
        ['a pair right after it', `${'a'.repeat(2 * Mi)}\u{1F600}`, 2 * Mi, 0x1f600],
        ['in the third piece', `${'a'.repeat(4 * Mi + 3)}\u3042`, 4 * Mi + 3, 0x3042],
      ];
      for (const [where, s, index, cp] of cases) {
        const fatal = () => new lib.LegacyEncoder('windows-1252', { fatal: true });
        fails(() => lib.encode(s, 'windows-1252', { fatal: true }), index, cp, a(index), `encode(), ${where}`);
        fails(() => fatal().encode(s), index, cp, a(index), `LegacyEncoder, ${where}`);
        fails(() => fatal().encode(s, { stream: true }), index, cp, a(index), `LegacyEncoder stream, ${where}`);
        // After an earlier chunk of five code units: the index counts them too, the bytes do not.
        const after = fatal();
        equal(after.encode('12345', { stream: true }).length, 5);
        fails(() => after.encode(s), index + 5, cp, a(index), `LegacyEncoder's second chunk, ${where}`);
      }
      // A lead surrogate carried from the previous chunk counts from that chunk. gb18030 encodes
      // everything but U+E5E5; U+1F600 is 94 39 FC 36 (pointer 189000 + 0xF600 = 251976 =
      // 19 × 12600 + 9 × 1260 + 123 × 10 + 6).
      const gb = new lib.LegacyEncoder('gb18030', { fatal: true });
      equal(gb.encode('aaaa\uD83D', { stream: true }).length, 4);
      const before = new Uint8Array(4 + 2 * Mi).fill(0x61);
      before.set([0x94, 0x39, 0xfc, 0x36]);
      fails(() => gb.encode(`\uDE00${'a'.repeat(2 * Mi)}\uE5E5`), 4 + 2 + 2 * Mi, 0xe5e5, before, 'gb18030');
    },
  ],
];
