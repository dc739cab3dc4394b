// TextDecoderStream and TextEncoderStream (§ 7.5, § 7.6).
import { equal, deepEqual, rejects, throws, ok, sharedArrayBuffer, pipe } from './assert.mjs';

const b = (...bytes) => new Uint8Array(bytes);

export default [
  [
    'TextDecoderStream: chunks split anywhere, BOM and multi-byte sequences included',
    async (lib) => {
      const input = b(0xef, 0xbb, 0xbf, 0x61, 0xe3, 0x81, 0x82, 0xf0, 0x9f, 0x98, 0x80, 0x62);
      for (let i = 0; i <= input.length; i++) {
        const out = await pipe(new lib.TextDecoderStream(), [input.subarray(0, i), input.subarray(i)]);
        equal(out.join(''), 'a\u3042\u{1F600}b', `split at ${i}`);
        ok(
          out.every((s) => typeof s === 'string' && s !== ''),
          'no empty chunks',
        );
      }
      const bytewise = await pipe(
        new lib.TextDecoderStream('utf-16be'),
        [...b(0xfe, 0xff, 0xd8, 0x3d, 0xde, 0x00, 0x00, 0x7a)].map((x) => b(x)),
      );
      equal(bytewise.join(''), '\u{1F600}z');
      const legacy = await pipe(new lib.TextDecoderStream('windows-1252'), [b(0x80), new Uint16Array([0x4141]).buffer]);
      deepEqual(legacy, ['\u20AC', 'AA']);
    },
  ],

  [
    'TextDecoderStream: closing flushes a partial sequence as U+FFFD',
    async (lib) => {
      deepEqual(await pipe(new lib.TextDecoderStream(), [b(0x61, 0xf0, 0x9f)]), ['a', '\uFFFD']);
      deepEqual(await pipe(new lib.TextDecoderStream('utf-16le'), [b(0x61, 0x00, 0x62)]), ['a', '\uFFFD']);
    },
  ],

  [
    'TextDecoderStream: fatal errors and non-BufferSource chunks error the stream with TypeError',
    async (lib) => {
      await rejects(pipe(new lib.TextDecoderStream('utf-8', { fatal: true }), [b(0x61), b(0xff)]), TypeError);
      await rejects(pipe(new lib.TextDecoderStream('utf-8', { fatal: true }), [b(0xe3, 0x81)]), TypeError);
      for (const bad of ['abc', 1, null, [1], {}]) {
        await rejects(pipe(new lib.TextDecoderStream(), [bad]), TypeError, String(bad));
      }
    },
  ],

  [
    'TextDecoderStream: chunks on shared memory',
    async (lib) => {
      const sab = sharedArrayBuffer(2);
      new Uint8Array(sab).set([0xc3, 0xa9]);
      deepEqual(await pipe(new lib.TextDecoderStream(), [new Uint8Array(sab)]), ['\u00E9']);
    },
  ],

  [
    'TextDecoderStream: attributes and constructor checks',
    (lib) => {
      const s = new lib.TextDecoderStream('latin1', { fatal: 1, ignoreBOM: '' });
      equal(s.encoding, 'windows-1252');
      equal(s.fatal, true);
      equal(s.ignoreBOM, false);
      ok(s.readable instanceof ReadableStream && s.writable instanceof WritableStream);
      throws(() => new lib.TextDecoderStream('replacement'), RangeError);
      throws(() => new lib.TextDecoderStream('bogus'), RangeError);
      throws(() => new lib.TextDecoderStream('utf-8', 7), TypeError);
    },
  ],

  [
    'TextEncoderStream: surrogate pairs split across chunks, a pending one flushed as EF BF BD',
    async (lib) => {
      const concat = (chunks) => chunks.flatMap((c) => Array.from(c));
      deepEqual(
        concat(await pipe(new lib.TextEncoderStream(), ['a\uD83D', '\uDE00b'])),
        [0x61, 0xf0, 0x9f, 0x98, 0x80, 0x62],
      );
      deepEqual(concat(await pipe(new lib.TextEncoderStream(), ['\uD83D', '', '\uDE00'])), [0xf0, 0x9f, 0x98, 0x80]);
      deepEqual(concat(await pipe(new lib.TextEncoderStream(), ['\uD83D', 'x'])), [0xef, 0xbf, 0xbd, 0x78]);
      deepEqual(concat(await pipe(new lib.TextEncoderStream(), ['x\uD83D'])), [0x78, 0xef, 0xbf, 0xbd]);
      deepEqual(
        concat(await pipe(new lib.TextEncoderStream(), ['\uDE00', 1, null])),
        [0xef, 0xbf, 0xbd, 0x31, 0x6e, 0x75, 0x6c, 0x6c],
      );
      const out = await pipe(new lib.TextEncoderStream(), ['', 'ab']);
      equal(out.length, 1);
      ok(out[0] instanceof Uint8Array);
      const s = new lib.TextEncoderStream();
      equal(s.encoding, 'utf-8');
    },
  ],

  [
    'thousands of streams run to completion',
    async (lib) => {
      for (let i = 0; i < 2000; i++) {
        const out = await pipe(new lib.TextDecoderStream(i % 2 ? 'utf-16le' : 'windows-1251'), [
          b(0xc0, 0x04),
          b(0x10),
        ]);
        equal(out.join(''), i % 2 ? '\u04C0\uFFFD' : '\u0410\u0004\u0010');
      }
    },
  ],
];
