// TextEncoder (§ 7.4): encode and encodeInto, UTF-8 only, lone surrogates as U+FFFD.
import { equal, deepEqual, detach, throws, ok as assertOk, sharedArrayBuffer } from './assert.mjs';

// A Uint8Array with exactly these bytes.
function bytesEqual(actual, expected, message = '') {
  assertOk(actual instanceof Uint8Array, `${message} expected a Uint8Array`);
  deepEqual(Array.from(actual), expected, message);
}

export default [
  [
    'encode: UTF-8 of scalar values, lone surrogates become EF BF BD',
    (lib) => {
      const e = new lib.TextEncoder();
      equal(e.encoding, 'utf-8');
      bytesEqual(e.encode(), []);
      bytesEqual(e.encode(undefined), []);
      bytesEqual(e.encode(''), []);
      bytesEqual(e.encode('a\u00E9\u3042\u{1F600}'), [0x61, 0xc3, 0xa9, 0xe3, 0x81, 0x82, 0xf0, 0x9f, 0x98, 0x80]);
      bytesEqual(e.encode('\uD800a\uDC00'), [0xef, 0xbf, 0xbd, 0x61, 0xef, 0xbf, 0xbd]);
      bytesEqual(e.encode('\uDBFF\uDFFF\uD800'), [0xf4, 0x8f, 0xbf, 0xbf, 0xef, 0xbf, 0xbd]);
      bytesEqual(e.encode(null), [0x6e, 0x75, 0x6c, 0x6c]);
      bytesEqual(e.encode(12), [0x31, 0x32]);
      throws(() => e.encode(Symbol('x')), TypeError);
      const out = e.encode('x');
      equal(Object.getPrototypeOf(out), Uint8Array.prototype);
      equal(out.buffer.byteLength, 1);
    },
  ],

  [
    'encodeInto: read counts code units, written bytes, never a partial character',
    (lib) => {
      const e = new lib.TextEncoder();
      const dest = new Uint8Array(5).fill(0xaa);
      deepEqual(e.encodeInto('a\u{1F600}b', dest), { read: 3, written: 5 });
      bytesEqual(dest, [0x61, 0xf0, 0x9f, 0x98, 0x80]);
      const small = new Uint8Array(4).fill(0xaa);
      deepEqual(e.encodeInto('a\u{1F600}', small), { read: 1, written: 1 });
      bytesEqual(small, [0x61, 0xaa, 0xaa, 0xaa]);
      const three = new Uint8Array(3);
      deepEqual(e.encodeInto('\u00E9\u00E9', three), { read: 1, written: 2 });
      deepEqual(e.encodeInto('\uD800\uD800', new Uint8Array(4)), { read: 1, written: 3 });
      deepEqual(e.encodeInto('abc', new Uint8Array(0)), { read: 0, written: 0 });
      const view = new Uint8Array(new ArrayBuffer(8), 2, 3);
      deepEqual(e.encodeInto('\u3042z', view), { read: 1, written: 3 });
      bytesEqual(new Uint8Array(view.buffer), [0, 0, 0xe3, 0x81, 0x82, 0, 0, 0]);
    },
  ],

  [
    'encodeInto: U+10FFFF and every pairing of surrogates, by the UTF-8 encoder',
    (lib) => {
      // https://encoding.spec.whatwg.org/#utf-8-encoder over the scalar values of the string
      // (https://infra.spec.whatwg.org/#javascript-string-convert: a lone surrogate is U+FFFD,
      // EF BF BD): U+10FFFF is F4 8F BF BF, U+10000 F0 90 80 80, U+1F600 F0 9F 98 80. A
      // character that does not fit is not written, nor any character after it.
      const FFFD = [0xef, 0xbf, 0xbd];
      // (Pairs after a lone surrogate written as two escapes: Deno's parser refuses \uD800\u{...}.)
      const cases = [
        // [source, destination length, read, bytes written]
        ['\u{10FFFF}', 4, 2, [0xf4, 0x8f, 0xbf, 0xbf]],
        ['\uDBFF\uDFFFz', 8, 3, [0xf4, 0x8f, 0xbf, 0xbf, 0x7a]],
        ['\uD800\uDC00', 4, 2, [0xf0, 0x90, 0x80, 0x80]],
        ['a\uD800', 8, 2, [0x61, ...FFFD]], // a lone lead at the end
        ['\uDC00a', 8, 2, [...FFFD, 0x61]], // a lone trail
        ['\uDFFF', 3, 1, FFFD],
        ['\uDC00\uD800', 8, 2, [...FFFD, ...FFFD]], // trail then lead: no pair
        ['\uDC00\uDFFF', 8, 2, [...FFFD, ...FFFD]], // two trails: no pair
        ['\uD800a\uDC00', 9, 3, [...FFFD, 0x61, ...FFFD]],
        ['\uD800\uD800\uDC00', 8, 3, [...FFFD, 0xf0, 0x90, 0x80, 0x80]], // the second lead pairs
        ['\uDBFF\uDFFF\uDFFF', 8, 3, [0xf4, 0x8f, 0xbf, 0xbf, ...FFFD]], // the pair, then a lone trail
        // The destination ends inside a character: nothing of it is written.
        ['\u{10FFFF}', 3, 0, []],
        ['\u{10FFFF}', 1, 0, []],
        ['ab\u{1F600}', 5, 2, [0x61, 0x62]], // the pair across the destination's end
        ['ab\u{1F600}', 6, 4, [0x61, 0x62, 0xf0, 0x9f, 0x98, 0x80]],
        ['a\uD800', 3, 1, [0x61]], // a lone lead's U+FFFD does not fit
        ['a\uD800', 4, 2, [0x61, ...FFFD]],
        ['\uD800\uD83D\uDE00', 6, 1, FFFD], // U+FFFD fits, the pair after it does not
        ['\uDC00\uDBFF\uDFFF', 7, 3, [...FFFD, 0xf4, 0x8f, 0xbf, 0xbf]],
      ];
      const e = new lib.TextEncoder();
      for (const [source, length, read, written] of cases) {
        const what = `${JSON.stringify(source)} into ${length} bytes`;
        const dest = new Uint8Array(length + 2).fill(0xaa).subarray(1, length + 1);
        deepEqual(e.encodeInto(source, dest), { read, written: written.length }, what);
        bytesEqual(
          new Uint8Array(dest.buffer),
          [0xaa, ...written, ...Array(length + 1 - written.length).fill(0xaa)],
          what,
        );
        // encode() of the code units read gives the same bytes.
        bytesEqual(e.encode(source.slice(0, read)), written, `encode(), ${what}`);
      }
    },
  ],

  [
    'encodeInto: shared memory destinations work',
    (lib) => {
      const dest = new Uint8Array(sharedArrayBuffer(6), 1, 4);
      deepEqual(new lib.TextEncoder().encodeInto('\u00E9\u{1F600}', dest), { read: 1, written: 2 });
      bytesEqual(new Uint8Array(dest.buffer), [0, 0xc3, 0xa9, 0, 0, 0]);
    },
  ],

  [
    'encodeInto: a non-Uint8Array destination or a missing argument throws TypeError',
    (lib) => {
      const e = new lib.TextEncoder();
      for (const bad of [
        new Int8Array(4),
        new Uint8ClampedArray(4),
        new DataView(new ArrayBuffer(4)),
        new ArrayBuffer(4),
        [0, 0],
        null,
        undefined,
      ]) {
        throws(() => e.encodeInto('a', bad), TypeError, String(bad));
      }
      throws(() => e.encodeInto('a'), TypeError);
      throws(() => e.encodeInto(), TypeError);
    },
  ],

  [
    'a detached destination writes nothing',
    (lib) => {
      const buf = new ArrayBuffer(4);
      const view = new Uint8Array(buf);
      detach(buf);
      deepEqual(new lib.TextEncoder().encodeInto('abc', view), { read: 0, written: 0 });
    },
  ],

  [
    'encode: a surrogate pair or a lone lead across the 2 Mi code unit piece boundary',
    (lib) => {
      const Mi = 1 << 20;
      const e = new lib.TextEncoder();
      // [the code units after 2 Mi - 1 'a', the UTF-8 bytes after 2 Mi - 1 0x61]
      for (const [tail, bytes] of [
        ['\u{10FFFF}\uDC00', [0xf4, 0x8f, 0xbf, 0xbf, 0xef, 0xbf, 0xbd]],
        ['\uD800b', [0xef, 0xbf, 0xbd, 0x62]],
        ['\uD800\uD800\uDC00', [0xef, 0xbf, 0xbd, 0xf0, 0x90, 0x80, 0x80]],
      ]) {
        const out = e.encode(`${'a'.repeat(2 * Mi - 1)}${tail}`);
        equal(out.length, 2 * Mi - 1 + bytes.length, JSON.stringify(tail));
        assertOk(
          out.subarray(0, 2 * Mi - 1).every((b) => b === 0x61),
          JSON.stringify(tail),
        );
        bytesEqual(out.subarray(2 * Mi - 1), bytes, JSON.stringify(tail));
      }
    },
  ],

  [
    'large strings encode',
    (lib) => {
      const s = `${'\u3042'.repeat((1 << 21) + 5)}\uD83D`;
      const out = new lib.TextEncoder().encode(s);
      equal(out.length, 3 * ((1 << 21) + 5) + 3);
      bytesEqual(out.subarray(out.length - 6), [0xe3, 0x81, 0x82, 0xef, 0xbf, 0xbd]);
    },
  ],
];
