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
    'large strings encode',
    (lib) => {
      const s = `${'\u3042'.repeat((1 << 21) + 5)}\uD83D`;
      const out = new lib.TextEncoder().encode(s);
      equal(out.length, 3 * ((1 << 21) + 5) + 3);
      bytesEqual(out.subarray(out.length - 6), [0xe3, 0x81, 0x82, 0xef, 0xbf, 0xbd]);
    },
  ],
];
