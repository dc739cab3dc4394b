// LegacyEncoderStream: TextEncoderStream's shape for every encoder. Expected bytes are the
// standard's (index pointers named beside them), or encode() of the whole text for chunkings.
import { equal, deepEqual, rejects, throws, ok, pipe as pipeChunks, loggingDictionary } from './assert.mjs';

const ascii = (s) => Array.from(s, (c) => c.charCodeAt(0));

/** Writes `chunks` to the stream and resolves to every byte read, in one array. */
async function pipe(stream, chunks) {
  const out = [];
  for (const value of await pipeChunks(stream, chunks)) {
    ok(value instanceof Uint8Array && value.length > 0, 'chunks are non-empty Uint8Arrays');
    for (const b of value) out.push(b);
  }
  return out;
}

// A small deterministic generator, so a failure names a reproducible chunking.
function random(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

/** `text` cut at `count` random code unit offsets (empty chunks and split pairs included). */
function chunking(text, rand, count) {
  const cuts = Array.from({ length: count }, () => rand(text.length + 1)).sort((x, y) => x - y);
  const chunks = [];
  let from = 0;
  for (const at of cuts) {
    chunks.push(text.slice(from, at));
    from = at;
  }
  chunks.push(text.slice(from));
  return chunks;
}

// ASCII, kana, kanji, half-width katakana, ¥ and ‾ (ISO-2022-JP's Roman set), hangul, CJK that
// only some encodings have, an emoji (a surrogate pair, unmappable but in UTF-8/16 and gb18030),
// U+000E (an ISO-2022-JP encoder error) and a lone surrogate.
const SAMPLE = 'CSV,日本語\nｶﾀｶﾅ,¥‾~\\,한국어,中文编码,€😀\u000e,a\uD800b\r\n';

export default [
  [
    'LegacyEncoderStream: ISO-2022-JP mode and a surrogate pair carried across chunks',
    async (lib) => {
      // あ い: jis0208 pointers 283 and 285 (row 4, cells 2 and 4): 24 22, 24 24 in JIS X 0208 mode.
      deepEqual(
        await pipe(new lib.LegacyEncoderStream('iso-2022-jp'), ['あ', 'い', 'a']),
        [0x1b, 0x24, 0x42, 0x24, 0x22, 0x24, 0x24, 0x1b, 0x28, 0x42, 0x61],
      );
      // Ending in JIS X 0208 mode: the end of the stream switches back to ASCII.
      deepEqual(
        await pipe(new lib.LegacyEncoderStream('csISO2022JP'), ['a', 'あ']),
        [0x61, 0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42],
      );
      deepEqual(await pipe(new lib.LegacyEncoderStream('latin1'), ['a\uD83D', '\uDE00']), ascii('a&#128512;'));
      deepEqual(
        await pipe(new lib.LegacyEncoderStream('utf-16be'), ['a\uD83D', '', '\uDE00']),
        [0x00, 0x61, 0xd8, 0x3d, 0xde, 0x00],
      );
      deepEqual(await pipe(new lib.LegacyEncoderStream('utf-16le'), ['\uD83D', '\uDE00']), [0x3d, 0xd8, 0x00, 0xde]);
      // GB18030 four-byte form of U+1F600: pointer 189000 + 0x1F600 - 0x10000 = 251976 =
      // 19 × 12600 + 9 × 1260 + 123 × 10 + 6, so 0x81 + 19, 0x30 + 9, 0x81 + 123, 0x30 + 6.
      deepEqual(await pipe(new lib.LegacyEncoderStream('gb18030'), ['\uD83D', '\uDE00']), [0x94, 0x39, 0xfc, 0x36]);
    },
  ],

  [
    'LegacyEncoderStream: a leading surrogate alone is U+FFFD, also at the end',
    async (lib) => {
      deepEqual(await pipe(new lib.LegacyEncoderStream('windows-1252'), ['a\uD800', 'b']), ascii('a&#65533;b'));
      deepEqual(await pipe(new lib.LegacyEncoderStream('windows-1252'), ['a\uD800']), ascii('a&#65533;'));
      deepEqual(await pipe(new lib.LegacyEncoderStream('utf-8'), ['\uD800']), [0xef, 0xbf, 0xbd]);
      deepEqual(await pipe(new lib.LegacyEncoderStream('utf-16be'), ['\uDC00']), [0xff, 0xfd]);
      deepEqual(await pipe(new lib.LegacyEncoderStream('shift_jis'), []), []);
    },
  ],

  [
    'LegacyEncoderStream: any chunking gives the bytes encode() gives for the whole text',
    async (lib) => {
      const labels = ['shift_jis', 'iso-2022-jp', 'euc-jp', 'euc-kr', 'gbk', 'gb18030', 'big5', 'windows-1252'];
      labels.push('iso-8859-2', 'koi8-r', 'x-user-defined', 'utf-8', 'utf-16le', 'utf-16be');
      const rand = random(2024);
      for (const label of labels) {
        const text = SAMPLE.repeat(3);
        const whole = Array.from(lib.encode(text, label));
        for (let round = 0; round < 12; round++) {
          const chunks = chunking(text, rand, rand(12));
          const got = await pipe(new lib.LegacyEncoderStream(label), chunks);
          deepEqual(got, whole, `${label}, chunks ${JSON.stringify(chunks)}`);
        }
        // One code unit per chunk: every pair split, ISO-2022-JP's mode carried each time.
        deepEqual(await pipe(new lib.LegacyEncoderStream(label), text.split('')), whole, `${label}, unit by unit`);
      }
    },
  ],

  [
    'LegacyEncoderStream: chunks above the 2 MiB piece size',
    async (lib) => {
      const count = 300_000;
      const text = 'ｶﾀｶﾅ日本語abc'.repeat(count); // 3 M code units: the second chunk spans two pieces
      // Each repetition from ASCII: ESC $ B; the half-width katakana as index ISO-2022-JP katakana's
      // カ タ カ ナ (pointers 21, 31, 21, 36), then each character by its index jis0208 pointer p as
      // p / 94 + 0x21, p % 94 + 0x21: カ 386, タ 406, ナ 417, 日 3569, 本 4007, 語 2237; ESC ( B abc.
      const unit = [0x1b, 0x24, 0x42, 0x25, 0x2b, 0x25, 0x3f, 0x25, 0x2b, 0x25, 0x4a, 0x46, 0x7c, 0x4b, 0x5c];
      unit.push(0x38, 0x6c, 0x1b, 0x28, 0x42, 0x61, 0x62, 0x63);
      const got = await pipe(new lib.LegacyEncoderStream('iso-2022-jp'), [text.slice(0, 1), text.slice(1)]);
      equal(got.length, unit.length * count);
      ok(
        got.every((b, i) => b === unit[i % unit.length]),
        'the bytes of each repetition',
      );
    },
  ],

  [
    'LegacyEncoderStream: fatal errors the stream with a TypeError',
    async (lib) => {
      const stream = new lib.LegacyEncoderStream('iso-8859-2', { fatal: true });
      equal(stream.fatal, true);
      await rejects(pipe(stream, ['ok', 'a\u3042']), TypeError);
      await rejects(pipe(new lib.LegacyEncoderStream('latin1', { fatal: 1 }), ['a\uD800']), TypeError);
      await rejects(pipe(new lib.LegacyEncoderStream('iso-2022-jp', { fatal: true }), ['\u000e']), TypeError);
      deepEqual(await pipe(new lib.LegacyEncoderStream('latin1', { fatal: true }), ['\u00e9']), [0xe9]);
    },
  ],

  [
    'LegacyEncoderStream: chunks are converted to strings as DOMStrings',
    async (lib) => {
      const stringish = { toString: () => 'é' };
      deepEqual(await pipe(new lib.LegacyEncoderStream('latin1'), [1, null, stringish, undefined]), [
        ...ascii('1null'),
        0xe9,
        ...ascii('undefined'),
      ]);
      await rejects(pipe(new lib.LegacyEncoderStream('latin1'), [Symbol('x')]), TypeError);
    },
  ],

  [
    'LegacyEncoderStream: pipeThrough from a ReadableStream of strings',
    async (lib) => {
      const source = new ReadableStream({
        start(controller) {
          for (const s of ['name,city\n', '山田,東京\n']) controller.enqueue(s);
          controller.close();
        },
      });
      const reader = source.pipeThrough(new lib.LegacyEncoderStream('shift_jis')).getReader();
      const out = [];
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        out.push(...value);
      }
      // 山 田 東 京: jis0208 pointers 2462, 3419, 3459, 1973 (lead p / 188 + 0x81, trail p % 188 + 0x40 or 0x41).
      deepEqual(out, [...ascii('name,city\n'), 0x8e, 0x52, 0x93, 0x63, 0x2c, 0x93, 0x8c, 0x8b, 0x9e, 0x0a]);
    },
  ],

  [
    'LegacyEncoderStream: attributes, brand checks and argument conversion',
    (lib) => {
      const C = lib.LegacyEncoderStream;
      const s = new C(' SJIS ', { fatal: '' });
      equal(s.encoding, 'Shift_JIS');
      equal(s.fatal, false);
      ok(s.readable instanceof ReadableStream && s.writable instanceof WritableStream);
      equal(s.readable, s.readable);
      equal(Object.prototype.toString.call(s), '[object LegacyEncoderStream]');
      equal(new C('utf-16le').encoding, 'UTF-16LE');
      equal(new C({ toString: () => 'euc-kr' }).encoding, 'EUC-KR');
      equal(C.length, 1);
      for (const name of ['encoding', 'fatal', 'readable', 'writable']) {
        const desc = Object.getOwnPropertyDescriptor(C.prototype, name);
        ok(desc.enumerable && typeof desc.get === 'function', `${name} is an enumerable getter`);
        throws(() => desc.get.call({}), TypeError, name);
        throws(() => desc.get.call(new lib.TextEncoderStream()), TypeError, name);
      }
      throws(() => C('utf-8'), TypeError);
      throws(() => new C(), TypeError);
      throws(() => new C('bogus'), RangeError);
      throws(() => new C('replacement'), RangeError);
      throws(() => new C('iso-2022-kr'), RangeError);
      throws(() => new C('utf-8', 7), TypeError);
      throws(() => new C(Symbol('x')), TypeError);
      ok(/LegacyEncoderStream/.test(throws(() => new C('bogus'), RangeError).message));
      // The options member is read once, and the label converted before it.
      const order = [];
      new C(
        {
          toString() {
            order.push('label');
            return 'latin1';
          },
        },
        loggingDictionary(order, { fatal: true }),
      );
      deepEqual(order, ['label', 'fatal']);
    },
  ],
  [
    "LegacyEncoderStream: LegacyEncoder's methods and getters replaced after load change nothing",
    async (lib) => {
      // あ is 24 22 in JIS X 0208 mode (jis0208 pointer 283).
      const proto = lib.LegacyEncoder.prototype;
      const names = ['encode', 'encoding', 'fatal'];
      const saved = names.map((name) => Object.getOwnPropertyDescriptor(proto, name));
      const stream = new lib.LegacyEncoderStream('iso-2022-jp', { fatal: true });
      let bytes;
      let attributes;
      try {
        for (const name of names) {
          Object.defineProperty(proto, name, {
            configurable: true,
            get() {
              throw new Error(`LegacyEncoder.prototype.${name} was read`);
            },
          });
        }
        bytes = await pipe(stream, ['a', 'あ']);
        attributes = [stream.encoding, stream.fatal];
      } finally {
        for (let i = 0; i < names.length; i++) Object.defineProperty(proto, names[i], saved[i]);
      }
      deepEqual(bytes, [0x61, 0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42]);
      deepEqual(attributes, ['ISO-2022-JP', true]);
    },
  ],
];
