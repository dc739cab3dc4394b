// A hostile caller (issue 10): views are read through their internal slots only, resizable buffers
// are refused, no call sees another's bytes, errors are the right TypeError/RangeError (never a
// WebAssembly trap), a fatal error mid-stream keeps the decoder's and LegacyEncoder's state as
// the standard says, and methods reject a foreign `this`.
import { equal, ok, throws, deepEqual, detach, rejects, sharedArrayBuffer, Skip } from './assert.mjs';

const bytes = (...b) => new Uint8Array(b);
const MiB = 1 << 20;

// No WebAssembly.RuntimeError (a trap) may reach the caller: every error is one of these. (Where
// the module is compiled to JavaScript a trap is a plain Error, which `throws` refuses.)
const RuntimeError = typeof WebAssembly === 'object' ? WebAssembly.RuntimeError : null;
function expectError(fn, Type, message) {
  const e = throws(fn, Type, message);
  ok(RuntimeError === null || !(e instanceof RuntimeError), `${message}: a WebAssembly trap reached the caller`);
  return e;
}

// A Uint8Array whose length, byteOffset, byteLength and buffer properties all lie.
function lyingView(real, { length = 32, byteOffset = 5, byteLength = 64 } = {}) {
  const u = new Uint8Array(real);
  Object.defineProperty(u, 'length', { value: length });
  Object.defineProperty(u, 'byteOffset', { value: byteOffset });
  Object.defineProperty(u, 'byteLength', { value: byteLength });
  Object.defineProperty(u, 'buffer', { value: new ArrayBuffer(128) });
  return u;
}

class Sneaky extends Uint8Array {
  get length() {
    return 1000;
  }
  get byteLength() {
    return 1000;
  }
  get byteOffset() {
    return 7;
  }
  subarray() {
    throw new Error('subarray was called');
  }
  slice() {
    throw new Error('slice was called');
  }
  set() {
    throw new Error('set was called');
  }
}

// A resizable ArrayBuffer; where the runtime has none (it ignores the option), the case is skipped.
function resizable(n) {
  const b = new ArrayBuffer(n, { maxByteLength: 2 * n });
  if (b.resizable !== true) throw new Skip('no resizable ArrayBuffer in this runtime');
  return b;
}

function growable(n) {
  if (typeof SharedArrayBuffer !== 'function') throw new Skip('no SharedArrayBuffer in this runtime');
  const b = new SharedArrayBuffer(n, { maxByteLength: 2 * n });
  if (b.growable !== true) throw new Skip('no growable SharedArrayBuffer in this runtime');
  return b;
}

const ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'windows-1251', 'euc-kr', 'shift_jis', 'gbk'];

export default [
  [
    'a redefined length, byteOffset, byteLength or buffer is ignored, on every route',
    (lib) => {
      const real = [0x82, 0xa0, 0x41, 0x42];
      for (const label of ENCODINGS) {
        const want = new lib.TextDecoder(label).decode(new Uint8Array(real));
        for (const length of [0, 1, 17, 100000]) {
          const got = new lib.TextDecoder(label).decode(lyingView(real, { length }));
          equal(got, want, `${label} with length ${length}`);
        }
        equal(new lib.TextDecoder(label).decode(Sneaky.from(real)), want, `${label} subclass`);
        equal(lib.decode(lyingView(real), label).text, lib.decode(new Uint8Array(real), label).text, `decode ${label}`);
        equal(lib.inspect(lyingView(real), label).text, want, `inspect ${label}`);
      }
      // Other views: a Uint16Array and a DataView with lying properties.
      const u16 = new Uint16Array([0x0061, 0x3042]);
      Object.defineProperty(u16, 'byteOffset', { value: 1 });
      Object.defineProperty(u16, 'byteLength', { value: 1 });
      equal(new lib.TextDecoder('utf-16le').decode(u16), 'a\u3042');
      const dv = new DataView(new Uint8Array([0x41, 0x42, 0x43]).buffer, 1);
      Object.defineProperty(dv, 'byteLength', { value: 100 });
      Object.defineProperty(dv, 'byteOffset', { value: 0 });
      equal(new lib.TextDecoder('euc-kr').decode(dv), 'BC');
    },
  ],

  [
    'a length larger than the real one never shows bytes of an earlier call',
    (lib) => {
      const secret = new lib.TextEncoder().encode('password=hunter2;token=abcd1234');
      for (const label of ['gbk', 'euc-kr', 'shift_jis', 'big5', 'iso-2022-jp', 'windows-1253']) {
        const d = new lib.TextDecoder(label);
        d.decode(secret);
        equal(d.decode(lyingView([0x41, 0x42], { length: 32 })), 'AB', label);
        d.decode(secret, { stream: true });
        d.decode();
        equal(d.decode(lyingView([0x43], { length: 31 })), 'C', `${label} after a stream`);
      }
      const d = new lib.TextDecoder('utf-16be');
      d.decode(new Uint8Array(64).fill(0x30));
      equal(d.decode(lyingView([0x41, 0x42], { length: 32 })), '\u4142');
    },
  ],

  [
    'a length smaller than the real one corrupts nothing: later calls are exact',
    (lib) => {
      const u = new Uint8Array(100000).fill(0xff);
      Object.defineProperty(u, 'length', { value: 17 });
      equal(new lib.TextDecoder('euc-kr').decode(u), '\uFFFD'.repeat(100000));
      equal(new lib.TextDecoder('shift_jis').decode(bytes(0x82, 0xa0)), '\u3042');
      const d = new lib.TextDecoder('gbk');
      equal(d.decode(bytes(0x81), { stream: true }), '');
      equal(d.decode(bytes(0x40)), '\u4E02');
      equal(lib.encode('\u3042', 'shift_jis').join(), '130,160');
    },
  ],

  [
    'no subarray, slice, set or Symbol.species of a caller object is used, even for inputs in pieces',
    (lib) => {
      let calls = 0;
      class Hooked extends Uint8Array {
        static get [Symbol.species]() {
          calls++;
          new lib.TextDecoder('shift_jis').decode(bytes(0x82, 0xa0));
          return Uint8Array;
        }
      }
      const n = 2 * MiB + 5;
      const big = new Hooked(n).fill(0x41);
      for (const label of ['shift_jis', 'utf-8', 'utf-16le', 'windows-1251']) {
        equal(new lib.TextDecoder(label).decode(big).length, label === 'utf-16le' ? (n >> 1) + 1 : n, label);
        const d = new lib.TextDecoder(label, { fatal: label !== 'utf-16le' });
        equal(d.decode(big, { stream: true }).length + d.decode().length, label === 'utf-16le' ? (n >> 1) + 1 : n);
      }
      equal(lib.decode(big, 'shift_jis').text.length, n);
      equal(lib.inspect(big, 'shift_jis').text.length, n);
      const sneaky = new Sneaky(3 * MiB).fill(0x42);
      equal(new lib.TextDecoder('euc-kr').decode(sneaky).length, 3 * MiB);
      equal(calls, 0, 'Symbol.species was read');
    },
  ],

  [
    'encodeInto writes into the destination by its real length',
    (lib) => {
      const e = new lib.TextEncoder();
      const dest = new Uint8Array(8);
      Object.defineProperty(dest, 'length', { value: 0 });
      Object.defineProperty(dest, 'byteLength', { value: 0 });
      deepEqual(e.encodeInto('abc', dest), { read: 3, written: 3 });
      equal(dest[2], 0x63);
      const small = new Uint8Array(2);
      Object.defineProperty(small, 'length', { value: 100 });
      deepEqual(e.encodeInto('abcdef', small), { read: 2, written: 2 });
      const sub = new Sneaky(4);
      deepEqual(e.encodeInto('\u3042a', sub), { read: 2, written: 4 });
      deepEqual(Array.from(new Uint8Array(sub.buffer)), [0xe3, 0x81, 0x82, 0x61]);
    },
  ],

  [
    'resizable ArrayBuffers are a TypeError (no [AllowResizable])',
    async (lib) => {
      const r = resizable(8);
      const what = (x) => (x instanceof ArrayBuffer ? 'ArrayBuffer' : x.constructor.name);
      for (const input of [r, new Uint8Array(r), new Uint8Array(r, 0, 4), new DataView(r), new Uint16Array(r)]) {
        for (const label of ['utf-8', 'utf-16le', 'shift_jis', 'windows-1252']) {
          expectError(() => new lib.TextDecoder(label).decode(input), TypeError, `${label} ${what(input)}`);
        }
        expectError(() => lib.decode(input), TypeError, 'decode()');
        expectError(() => lib.inspect(input, 'utf-8'), TypeError, 'inspect()');
      }
      expectError(() => new lib.TextEncoder().encodeInto('a', new Uint8Array(r)), TypeError, 'encodeInto');
      const ds = new lib.TextDecoderStream();
      const reading = ds.readable.getReader().read();
      await rejects(ds.writable.getWriter().write(new Uint8Array(r)), TypeError, 'TextDecoderStream');
      await rejects(reading, TypeError, 'TextDecoderStream readable');
    },
  ],

  [
    'growable SharedArrayBuffers are a TypeError (no [AllowResizable]); fixed ones are fine',
    (lib) => {
      const g = growable(8);
      expectError(() => new lib.TextDecoder().decode(g), TypeError, 'growable SharedArrayBuffer');
      expectError(() => new lib.TextDecoder('gbk').decode(new Uint8Array(g)), TypeError, 'view on it');
      expectError(() => new lib.TextEncoder().encodeInto('a', new Uint8Array(g)), TypeError, 'encodeInto');
      const fixed = new Uint8Array(sharedArrayBuffer(2));
      fixed[0] = 0x61;
      equal(new lib.TextDecoder('shift_jis').decode(fixed), 'a\0');
    },
  ],

  [
    'a buffer detached before the algorithm reads it decodes as empty, even from an options getter',
    (lib) => {
      for (const label of ['utf-8', 'shift_jis', 'utf-16le']) {
        const u = bytes(0x41, 0x42, 0x43, 0x44);
        detach(u.buffer);
        equal(new lib.TextDecoder(label).decode(u), '', label);
        const v = bytes(0x41, 0x42, 0x43, 0x44);
        const options = {
          get stream() {
            detach(v.buffer);
            return false;
          },
        };
        equal(new lib.TextDecoder(label).decode(v, options), '', `${label}: detached by the options getter`);
        const w = bytes(0x41, 0x42);
        const label2 = {
          toString() {
            detach(w.buffer);
            return label;
          },
        };
        equal(lib.decode(w, label2).text, '', `decode(): detached by the label's toString`);
      }
      const dest = new Uint8Array(4);
      const source = {
        toString() {
          detach(dest.buffer);
          return 'abc';
        },
      };
      deepEqual(new lib.TextEncoder().encodeInto(source, dest), { read: 0, written: 0 });
    },
  ],

  [
    'inspect() runs in pieces: errors and sequences across the 2 MiB boundary are exact',
    (lib) => {
      const CHUNK = 2 * MiB;
      const n = CHUNK + 4096;
      const input = new Uint8Array(n).fill(0x61);
      // A valid sequence split by the boundary, and a malformed one ending past it.
      input.set([0xe3, 0x81, 0x82], CHUNK - 1);
      input.set([0xf0, 0x90, 0x80], CHUNK + 100 - 2);
      input[n - 1] = 0xff;
      const r = lib.inspect(input, 'utf-8');
      deepEqual(r.errors, [
        { byteStart: CHUNK + 98, byteEnd: CHUNK + 101, textIndex: CHUNK - 1 + 1 + 98 - 2 },
        { byteStart: n - 1, byteEnd: n, textIndex: r.text.length - 1 },
      ]);
      equal(r.text.slice(CHUNK - 2, CHUNK + 1), 'a\u3042a');
      equal(r.text.length, n - 2 - 2);
      equal(r.text, new lib.TextDecoder().decode(input));
      // Every other byte malformed, over three pieces.
      const bad = new Uint8Array(2 * CHUNK + 10);
      for (let i = 0; i < bad.length; i += 2) bad[i + 1] = 0xa0;
      const e = lib.inspect(bad, 'shift_jis', { maxErrors: Infinity });
      equal(e.errors.length, bad.length / 2);
      deepEqual(e.errors[CHUNK / 2], { byteStart: CHUNK + 1, byteEnd: CHUNK + 2, textIndex: CHUNK + 1 });
      equal(e.text, new lib.TextDecoder('shift_jis').decode(bad));
      // A BOM sniffed from the first piece.
      const bom = new Uint8Array(CHUNK + 2);
      bom.set([0xfe, 0xff, 0x00, 0x41]);
      const s = lib.inspect(bom, 'windows-1252', { sniffBOM: true });
      equal(s.encoding, 'UTF-16BE');
      equal(s.text.length, CHUNK / 2);
      equal(s.text[0], 'A');
    },
  ],

  [
    'a fatal error in a streaming call keeps the decoder state; the rest of the call is dropped',
    (lib) => {
      const d = new lib.TextDecoder('iso-2022-jp', { fatal: true });
      equal(d.decode(bytes(0x7e)), '~');
      expectError(() => d.decode(bytes(0x1b, 0x28, 0x4a, 0xff), { stream: true }), TypeError, 'iso-2022-jp');
      equal(d.decode(bytes(0x7e)), '\u203E');
      equal(d.decode(bytes(0x7e)), '~', 'a final call ends the stream');
      // A fatal error in a call without stream: the next call starts afresh.
      expectError(() => d.decode(bytes(0x1b, 0x28, 0x4a, 0xff)), TypeError);
      equal(d.decode(bytes(0x7e)), '~');
      for (const label of ['utf-8', 'utf-16le', 'shift_jis', 'gb18030']) {
        const units =
          label === 'utf-16le'
            ? (s) => [...s].flatMap((c) => [c.charCodeAt(0), 0])
            : (s) => [...s].map((c) => c.charCodeAt(0));
        const f = new lib.TextDecoder(label, { fatal: true });
        const invalid = label === 'utf-16le' ? [0x00, 0xdc] : [0xff];
        // The bytes after the error in the same call are dropped, not decoded later.
        equal(f.decode(new Uint8Array(units('a')), { stream: true }), 'a', label);
        expectError(() => f.decode(new Uint8Array([...invalid, ...units('b')]), { stream: true }), TypeError, label);
        equal(f.decode(new Uint8Array(units('c'))), 'c', `${label}: the dropped "b" is gone`);
        // BOM seen stays as it was before the throwing call: set here by "a", so a BOM is kept.
        if (label === 'utf-8') {
          equal(f.decode(bytes(0x61), { stream: true }), 'a');
          expectError(() => f.decode(bytes(0xff), { stream: true }), TypeError);
          equal(f.decode(bytes(0xef, 0xbb, 0xbf, 0x62)), '\uFEFFb');
          // Not set: the throwing call's output was never serialized, so the BOM is removed.
          expectError(() => f.decode(bytes(0x61, 0xff), { stream: true }), TypeError);
          equal(f.decode(bytes(0xef, 0xbb, 0xbf, 0x62)), 'b');
        }
      }
    },
  ],

  [
    'LegacyEncoder: a fatal error carries the bytes made before it, keeps the state, counts from the start',
    (lib) => {
      const e = new lib.LegacyEncoder('iso-2022-jp', { fatal: true });
      deepEqual(Array.from(e.encode('\u3042', { stream: true })), [0x1b, 0x24, 0x42, 0x24, 0x22]);
      const err = expectError(() => e.encode('x\u20AC\u3044', { stream: true }), TypeError, 'unmappable');
      deepEqual(Array.from(err.bytes), [0x1b, 0x28, 0x42, 0x78], 'the bytes before U+20AC');
      equal(err.index, 2);
      equal(err.codePoint, 0x20ac);
      ok(err.message.includes('at index 2'), err.message);
      // The caller goes on: ASCII is the state the error left, and the rest of the input is
      // passed again.
      deepEqual(Array.from(e.encode('\u3044', { stream: true })), [0x1b, 0x24, 0x42, 0x24, 0x24]);
      deepEqual(Array.from(e.encode('')), [0x1b, 0x28, 0x42]);
      // A code point that began in the previous chunk: its index counts from the whole input.
      const s = new lib.LegacyEncoder('shift_jis', { fatal: true });
      deepEqual(Array.from(s.encode('ab\uD83D', { stream: true })), [0x61, 0x62]);
      const err2 = expectError(() => s.encode('\uDE00c', { stream: true }), TypeError);
      equal(err2.index, 2);
      equal(err2.codePoint, 0x1f600);
      deepEqual(Array.from(err2.bytes), []);
      deepEqual(Array.from(s.encode('c')), [0x63]);
      // Without stream the error ends the input: the next call starts afresh (indexes from 0).
      const t = new lib.LegacyEncoder('windows-1252', { fatal: true });
      t.encode('abc', { stream: true });
      const err3 = expectError(() => t.encode('d\u3042'), TypeError);
      equal(err3.index, 4);
      deepEqual(Array.from(err3.bytes), [0x64]);
      equal(expectError(() => t.encode('\u3042'), TypeError).index, 0);
      // encode() too.
      const err4 = expectError(() => lib.encode('ab\u3042', 'iso-8859-2', { fatal: true }), TypeError);
      deepEqual([err4.index, err4.codePoint, Array.from(err4.bytes)], [2, 0x3042, [0x61, 0x62]]);
    },
  ],

  [
    'labels of any length: looked up, rejected with a short message',
    (lib) => {
      equal(new lib.TextDecoder(`${' '.repeat(100000)}utf-8\n`).encoding, 'utf-8');
      for (let i = 0; i < 5; i++) {
        const e = expectError(() => new lib.TextDecoder(`x${i}`.repeat(500000)), RangeError);
        ok(e.message.length < 200, 'the message shows only the start of the label');
      }
      equal(lib.getEncoding('a'.repeat(1000)), null);
    },
  ],

  [
    'user code run by a patched built-in between the pieces of a long call cannot disturb it',
    (lib) => {
      // 82 A0 is あ in Shift_JIS: calls over 2 MiB go through wasm in pieces.
      const pairs = MiB + 3;
      const input = new Uint8Array(2 * pairs);
      for (let i = 0; i < input.length; i += 2) input.set([0x82, 0xa0], i);
      const expected = '\u3042'.repeat(pairs);
      const min = Math.min;
      const inner = [];
      // Another decoder of the same encoding (the same shared state) decodes long inputs too.
      Math.min = (...args) => {
        if (inner.length < 4) inner.push(new lib.TextDecoder('shift_jis').decode(input));
        return min.apply(Math, args);
      };
      let text;
      let encoded;
      try {
        text = new lib.TextDecoder('shift_jis').decode(input);
        encoded = lib.encode(expected, 'shift_jis');
      } finally {
        Math.min = min;
      }
      ok(text === expected, 'the outer call');
      ok(
        inner.every((t) => t === expected),
        'the inner calls',
      );
      equal(encoded.length, input.length);
      ok(
        encoded.every((b, i) => b === input[i]),
        'encode',
      );
    },
  ],
  [
    "a fatal encoder's error is made by no replaceable built-in, and its stream goes on from the right index",
    (lib) => {
      // é (U+00E9) is not in Shift_JIS. A stream stops after it; the rest of the chunk is passed
      // again by the caller, so the next é is at index 3.
      const patched = [
        [String.prototype, 'padStart'],
        [String.prototype, 'toUpperCase'],
        [Number.prototype, 'toString'],
        [String, 'fromCodePoint'],
        [JSON, 'stringify'],
      ].map(([object, key]) => [object, key, object[key]]);
      const e = new lib.LegacyEncoder('shift_jis', { fatal: true });
      let first;
      try {
        for (const [object, key] of patched) {
          object[key] = () => {
            throw new Error(`${key} was called`);
          };
        }
        first = throws(() => e.encode('ab\u00E9cd', { stream: true }), TypeError, 'the first error');
      } finally {
        for (const [object, key, original] of patched) object[key] = original;
      }
      equal(first.index, 2, 'its index');
      ok(first.message.startsWith('U+00E9 ("\u00E9") at index 2 '), first.message);
      equal(throws(() => e.encode('\u00E9', { stream: true }), TypeError, 'the next error').index, 3);
    },
  ],
  [
    "a patched %TypedArray%.prototype.set or length getter cannot make an encode read another call's input",
    (lib) => {
      // Another call's text is left in the module's scratch buffer; then user code breaks the
      // typed array methods (a runtime whose Buffer is written in JavaScript, Deno's, calls them).
      // 82 A0 is あ in Shift_JIS.
      lib.encode('password=hunter2;'.padEnd(40, '.'), 'shift_jis');
      const TA = Object.getPrototypeOf(Uint8Array.prototype);
      const set = TA.set;
      const length = Object.getOwnPropertyDescriptor(TA, 'length');
      const expected = new Uint8Array(80);
      for (let i = 0; i < 80; i += 2) expected.set([0x82, 0xa0], i);
      let encoded;
      let legacy;
      try {
        TA.set = function (source, offset) {
          if (length.get.call(this) > 1e6) return;
          return set.call(this, source, offset);
        };
        encoded = lib.encode('\u3042'.repeat(40), 'shift_jis');
        Object.defineProperty(TA, 'length', { ...length, get: () => 0 });
        legacy = new lib.LegacyEncoder('shift_jis').encode('\u3042'.repeat(40), { stream: true });
      } finally {
        TA.set = set;
        Object.defineProperty(TA, 'length', length);
      }
      for (const [what, bytes] of [
        ['encode()', encoded],
        ['LegacyEncoder', legacy],
      ]) {
        equal(bytes.length, 80, what);
        ok(
          bytes.every((b, i) => b === expected[i]),
          what,
        );
      }
    },
  ],
  [
    'patched slice, push, call and Math.min that decode and encode meanwhile change no long call',
    (lib) => {
      // 82 A0 is あ in Shift_JIS, after an A so that a pair straddles the 2 MiB piece boundary;
      // gb18030 encodes 丂 as 81 40.
      const pairs = MiB + 3;
      const sjis = new Uint8Array(1 + 2 * pairs);
      sjis[0] = 0x41;
      for (let i = 1; i < sjis.length; i += 2) sjis.set([0x82, 0xa0], i);
      const expected = `A${'\u3042'.repeat(pairs)}`;
      const text = `a${'\u4E02b'.repeat(MiB)}`;
      const apply = Reflect.apply;
      const originals = [
        [String.prototype, 'slice'],
        [Array.prototype, 'push'],
        [Function.prototype, 'call'],
        [Math, 'min'],
      ].map(([object, key]) => [object, key, object[key]]);
      // Each patched call (a few, and none from within these) decodes and encodes long inputs,
      // whose last pieces differ from the outer calls' in length and content.
      let runs = 0;
      let inside = false;
      const meanwhile = () => {
        if (runs >= 8 || inside) return;
        runs++;
        inside = true;
        try {
          new lib.TextDecoder('shift_jis').decode(sjis.subarray(0, sjis.length - 6));
          lib.encode('\u4E02'.repeat(2 * MiB + 1), 'gb18030');
        } catch {
          // refused while the outer call runs: only its result matters here
        } finally {
          inside = false;
        }
      };
      let decoded;
      let encoded;
      try {
        for (const [object, key, original] of originals) {
          object[key] = function (...args) {
            meanwhile();
            return apply(original, this, args);
          };
        }
        decoded = new lib.TextDecoder('shift_jis').decode(sjis);
        encoded = lib.encode(text, 'gb18030');
      } finally {
        for (const [object, key, original] of originals) object[key] = original;
      }
      ok(decoded === expected, 'the Shift_JIS decode');
      equal(encoded.length, 1 + 3 * MiB);
      let exact = encoded[0] === 0x61;
      for (let i = 1; i < encoded.length; i += 3) {
        exact &&= encoded[i] === 0x81 && encoded[i + 1] === 0x40 && encoded[i + 2] === 0x62;
      }
      ok(exact, 'the gb18030 encode');
    },
  ],
  [
    'a decoder or encoder called again from a patched built-in while its own call runs: refused',
    (lib) => {
      // Whatever built-ins the runtime's paths call between pieces, the Kth call of
      // Function.prototype.call runs user code that ends this same decoder's stream.
      const big = new Uint8Array(3 << 20).fill(0x41);
      const text = 'A'.repeat(big.length);
      const string = 'a'.repeat(3 << 20);
      const call = Function.prototype.call;
      for (let k = 1; k <= 24; k++) {
        const d = new lib.TextDecoder('shift_jis');
        d.decode(new Uint8Array([0x41]), { stream: true });
        const e = new lib.LegacyEncoder('iso-2022-jp');
        e.encode('\u3042', { stream: true });
        const inner = [];
        let n = 0;
        // The call that the user code makes again: the decoder's, then the encoder's.
        let again = () => d.decode();
        Function.prototype.call = function (...args) {
          if (++n === k) {
            try {
              again();
              inner.push('returned');
            } catch (error) {
              inner.push(error);
            }
          }
          return Reflect.apply(this, args[0], args.slice(1));
        };
        let decoded;
        let encoded;
        try {
          decoded = d.decode(big, { stream: true }) + d.decode();
          n = 0;
          again = () => e.encode('');
          encoded = e.encode(string);
        } finally {
          Function.prototype.call = call;
        }
        ok(decoded === text.slice(0, decoded.length) && decoded.length === text.length, `decode, k = ${k}`);
        // ESC $ B 24 22 (あ) came from the first call; this one writes ESC ( B and the ASCII, or
        // only the ASCII where the other call ran before this one's steps (as where a compiled
        // class's private field check calls Function.prototype.call) and ended the stream first.
        const endedFirst = inner[inner.length - 1] === 'returned' && n >= k;
        equal(encoded.length, (endedFirst ? 0 : 3) + (3 << 20), `encode length, k = ${k}`);
        equal(encoded[endedFirst ? 0 : 2], endedFirst ? 0x61 : 0x42, `encode, k = ${k}`);
        // Before the call's own steps (converting its arguments) the other call may run; during
        // them it is refused.
        for (const result of inner) {
          ok(
            result === 'returned' || (result instanceof TypeError && /called again/.test(result.message)),
            `k = ${k}: ${result}`,
          );
        }
      }
    },
  ],
  [
    'a label of 100,000 characters is refused in linear time, by every API that takes one',
    (lib) => {
      // A run of inner whitespace once cost quadratic time in the trimming (5 s for 40,000
      // characters); the bound leaves room for slow engines and busy machines.
      const spaces = ' '.repeat(100_000);
      const labels = [`utf-8${spaces}x`, `${spaces}x${spaces}`];
      const refusals = [
        (l) => new lib.TextDecoder(l),
        (l) => new lib.TextDecoderStream(l),
        (l) => lib.encode('a', l),
        (l) => new lib.LegacyEncoder(l),
      ];
      const start = Date.now();
      for (const label of labels) {
        for (const refuse of refusals) expectError(() => refuse(label), RangeError, 'a long label');
        equal(lib.getEncoding(label), null);
      }
      const ms = Date.now() - start;
      ok(ms < 1000, `refusing ${labels.length * 5} long labels took ${ms} ms`);
      // Whitespace around a real label still goes, however much of it there is.
      equal(new lib.TextDecoder(`${' \t\n\f\r'.repeat(20_000)}sjis${'\n'.repeat(50_000)}`).encoding, 'shift_jis');
    },
  ],
  [
    "an unknown label's RangeError is made by no replaceable built-in, by every API that takes one",
    (lib) => {
      // The message quotes the label as JSON: by JSON.stringify as captured at load, so a caller's
      // replacement neither runs nor turns the RangeError into its own error.
      const patched = [
        [JSON, 'stringify'],
        [String.prototype, 'slice'],
        [String.prototype, 'toLowerCase'],
      ].map(([object, key]) => [object, key, object[key]]);
      const refusals = [
        (l) => new lib.TextDecoder(l),
        (l) => new lib.TextDecoderStream(l),
        (l) => lib.encode('a', l),
        (l) => new lib.LegacyEncoder(l),
        (l) => lib.decode(new Uint8Array(1), l),
        (l) => lib.inspect(new Uint8Array(1), l),
      ];
      const errors = [];
      try {
        for (const [object, key] of patched) {
          object[key] = () => {
            throw new Error(`${key} was called`);
          };
        }
        for (const refuse of refusals) {
          for (const label of ['bogus', `"${'x'.repeat(100)}`]) {
            try {
              refuse(label);
              errors.push(null);
            } catch (e) {
              errors.push(e);
            }
          }
        }
      } finally {
        for (const [object, key, original] of patched) object[key] = original;
      }
      for (let i = 0; i < errors.length; i += 2) {
        ok(errors[i] instanceof RangeError, `${errors[i]}`);
        ok(errors[i].message.endsWith(': the encoding label "bogus" is not supported.'), errors[i].message);
        ok(errors[i + 1] instanceof RangeError, `${errors[i + 1]}`);
        ok(errors[i + 1].message.includes(` label "\\"${'x'.repeat(63)}…" is not`), errors[i + 1].message);
      }
    },
  ],
  [
    "a TypeError[Symbol.hasInstance] defined after load neither runs in a call nor changes a fatal stream's state",
    (lib) => {
      // UTF-8, fatal, streaming: EF BB BF is the BOM (dropped once: BOM seen), FF is an error, after
      // which the stream goes on from its state (README: the rest of that call is dropped), where
      // the BOM has been seen, so a second one is kept as U+FEFF. Also ISO-2022-JP, whose mode
      // (1B 24 42: JIS X 0208; 30 21 is U+4E9C there) outlives an error (0A, in that mode).
      const run = () => {
        const out = [];
        const d = new lib.TextDecoder('utf-8', { fatal: true });
        out.push(d.decode(bytes(0xef, 0xbb, 0xbf, 0x41), { stream: true }));
        out.push(throws(() => d.decode(bytes(0xff), { stream: true }), TypeError, 'utf-8').constructor.name);
        out.push(d.decode(bytes(0xef, 0xbb, 0xbf, 0x42)));
        const j = new lib.TextDecoder('iso-2022-jp', { fatal: true });
        out.push(j.decode(bytes(0x1b, 0x24, 0x42, 0x30, 0x21), { stream: true }));
        out.push(throws(() => j.decode(bytes(0x0a), { stream: true }), TypeError, 'iso-2022-jp').constructor.name);
        out.push(j.decode(bytes(0x30, 0x21)));
        return out;
      };
      const expected = ['A', 'TypeError', '\uFEFFB', '\u4E9C', 'TypeError', '\u4E9C'];
      deepEqual(run(), expected, 'as the standard has it');
      let calls = 0;
      const had = Object.getOwnPropertyDescriptor(TypeError, Symbol.hasInstance);
      let got;
      try {
        Object.defineProperty(TypeError, Symbol.hasInstance, {
          configurable: true,
          value: () => {
            calls++;
            return false;
          },
        });
        got = run();
      } finally {
        if (had === undefined) delete TypeError[Symbol.hasInstance];
        else Object.defineProperty(TypeError, Symbol.hasInstance, had);
      }
      // (The cases' own `throws` checks `instanceof TypeError`, so the names are compared.)
      deepEqual(got, expected, 'with the hook');
      equal(calls, 2, "only the cases' own checks called it");
    },
  ],
  [
    'every method and attribute rejects a foreign or primitive `this` as illegal invocation',
    (lib) => {
      for (const name of [
        'TextDecoder',
        'TextEncoder',
        'TextDecoderStream',
        'TextEncoderStream',
        'LegacyEncoder',
        'LegacyEncoderStream',
      ]) {
        const proto = lib[name].prototype;
        for (const key of Object.getOwnPropertyNames(proto)) {
          if (key === 'constructor') continue;
          const desc = Object.getOwnPropertyDescriptor(proto, key);
          const fn = desc.get ?? desc.value;
          for (const that of [null, undefined, 1, 'x', Symbol('s'), {}, () => {}]) {
            const e = expectError(
              () => fn.call(that, new Uint8Array(1), new Uint8Array(1)),
              TypeError,
              `${name}.${key}`,
            );
            ok(/illegal invocation/.test(e.message), `${name}.${key}: ${e.message}`);
          }
        }
      }
    },
  ],
];
