// Node's Buffer, where it makes strings and bytes faster than anything else: the fast paths for
// Node's entries (and Deno's and Bun's, which share them). scripts/build.mjs bundles this file in
// place of buffer.mjs into those entries, so that no browser bundle carries it; each path is
// probed when the module loads and is null where it does not work.

import { lengthOf } from './webidl.mjs';
import {
  U8,
  uncurryThis,
  ObjectDefineProperty,
  ObjectSetPrototypeOf,
  RegExpPrototypeExec,
  StringPrototypeCharCodeAt,
  StringPrototypeIsWellFormed,
  StringPrototypeToWellFormed,
} from './primordials.mjs';

// Node's Buffer and its methods as they are when this module loads (see primordials.mjs); each
// method below is uncurried: ucs2Slice(buffer, start, end).
const BufferPrototype = (() => {
  try {
    return globalThis.Buffer.prototype;
  } catch {
    return null;
  }
})();
const AB = ArrayBuffer;
const method = (name) => (typeof BufferPrototype?.[name] === 'function' ? uncurryThis(BufferPrototype[name]) : null);
// Those that run inside a call's use of the wasm scratch buffers must be the engine's own: where
// Buffer is written in JavaScript (Deno's), its methods call %TypedArray% methods as they are at
// call time, which user code may have replaced since.
const functionSource = uncurryThis(Function.prototype.toString);
const NATIVE = /\{\s*\[native code\]\s*\}\s*$/;
const nativeMethod = (name) => {
  try {
    const f = BufferPrototype[name];
    return RegExpPrototypeExec(NATIVE, functionSource(f)) === null ? null : method(name);
  } catch {
    return null;
  }
};

// Node's Buffer copies UTF-16 into a string fastest, where it exists and works.
export const ucs2Slice = (() => {
  try {
    const slice = nativeMethod('ucs2Slice');
    const probe = globalThis.Buffer.from(new Uint16Array([0xfeff, 0x61, 0xd83d, 0xde00, 0x3042]).buffer);
    return slice(probe, 2, 10) === 'a\u{1F600}\u3042' && slice(probe, 0, 2) === '\uFEFF' ? slice : null;
  } catch {
    return null;
  }
})();

// Whether ucs2Slice and latin1Slice also read plain views (any offset, shared memory) by their
// internal slots (a redefined `length` is ignored, as where they are C++; not where they are JS,
// as in workerd), and String#toWellFormed exists.
const sliceViews = (() => {
  try {
    const v = new Uint8Array([0, 0x61, 0, 0x3d, 0xd8, 0, 0xde]).subarray(1);
    Object.defineProperty(v, 'length', { value: 0 });
    return (
      ucs2Slice(v, 0, 6) === 'a\u{1F600}' &&
      StringPrototypeToWellFormed('a\uD800') === 'a\uFFFD' &&
      nativeMethod('latin1Slice')(v, 2, 4) === '=\u00D8'
    );
  } catch {
    return false;
  }
})();

// A whole TextDecoder decode() (https://encoding.spec.whatwg.org/#dom-textdecoder-decode) of
// UTF-16LE `bytes` by a fresh decoder (https://encoding.spec.whatwg.org/#shared-utf-16-decoder),
// the string, or null for a fatal error; null (the function) where the above is missing. The
// decoder turns each lone surrogate into U+FFFD as toWellFormed does, and an odd last byte into one
// U+FFFD (one with a lead surrogate before it: end of queue resets both).
export const utf16LeWhole = sliceViews
  ? (bytes, fatal, ignoreBOM) => {
      const len = lengthOf(bytes);
      const start = !ignoreBOM && len >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe ? 2 : 0;
      let s = ucs2Slice(bytes, start, len & ~1);
      const odd = (len & 1) !== 0;
      if (!StringPrototypeIsWellFormed(s) || odd) {
        if (fatal) return null;
        const last = StringPrototypeCharCodeAt(s, s.length - 1);
        s = StringPrototypeToWellFormed(s);
        if (odd && !(last >= 0xd800 && last <= 0xdbff)) s += '\uFFFD';
      }
      return s;
    }
  : null;

// windows-1252 maps every byte but 0x80-0x9F as Latin-1 does (the single-byte decoder,
// https://encoding.spec.whatwg.org/#single-byte-decoder, with the index listed for
// https://encoding.spec.whatwg.org/#windows-1252): the string of a whole decode of `bytes` (a
// Uint8Array) when it has none of those, by Buffer#latin1Slice where it reads plain views; else
// null. Worth it up to 64 KiB: beyond, wasm's decode costs about as much as a wasted slice. Null
// (the function) where latin1Slice does not read plain views.
const latin1Slice = sliceViews ? nativeMethod('latin1Slice') : null;
const C1 = /[\x80-\x9F]/;
export const windows1252Latin1 =
  latin1Slice === null
    ? null
    : (bytes) => {
        const len = lengthOf(bytes);
        if (len > 65536) return null;
        const s = latin1Slice(bytes, 0, len);
        return RegExpPrototypeExec(C1, s) === null ? s : null;
      };

// Node's Buffer writes a string's code units as they are (lone surrogates too) at memcpy speed.
export const ucs2Write = (() => {
  try {
    const b = ObjectSetPrototypeOf(new U8(8), BufferPrototype);
    const write = nativeMethod('ucs2Write');
    // (Its count of bytes written is not checked: no caller reads it.)
    write(b, 'a\uD800', 2, 4);
    return b[2] === 0x61 && b[3] === 0 && b[4] === 0 && b[5] === 0xd8 ? write : null;
  } catch {
    return null;
  }
})();

// A Buffer over wasm memory for ucs2Slice and ucs2Write, or null where there is none. Made as
// Node's own Buffer.from makes one (a Uint8Array with Buffer.prototype), without the getters
// Buffer.from reads.
export function nodeView(buffer) {
  return ucs2Slice === null || ucs2Write === null ? null : ObjectSetPrototypeOf(new U8(buffer), BufferPrototype);
}

// UTF-16LE or BE bytes of `s` with lone surrogates as U+FFFD (the encoders' USVString input), in
// Node at memcpy speed; null elsewhere.
// (swap16 reads the Buffer's `length`: given as an own property, so no getter runs.)
const swap16 = method('swap16');
export function utf16Bytes(s, be) {
  if (ucs2Write === null || StringPrototypeIsWellFormed === null || swap16 === null) return null;
  const w = StringPrototypeIsWellFormed(s) ? s : StringPrototypeToWellFormed(s);
  const length = 2 * w.length;
  const buffer = new AB(length);
  const out = ObjectSetPrototypeOf(new U8(buffer), BufferPrototype);
  ucs2Write(out, w, 0, length);
  if (be) {
    ObjectDefineProperty(out, 'length', { value: length });
    swap16(out);
  }
  return new U8(buffer);
}

// Node copies more than 0xFBEE9 code units into an external string (malloc and memcpy), about
// ten times faster than into a heap string. Long outputs shorter than that are taken as a slice
// of an external string of this many units (a view of it, as exact): it keeps under twice their
// memory alive, which is worth it from half this length up.
// (Node's own threshold, EXTERN_APEX in src/string_bytes.cc.) Zero where it does not apply: where
// Buffer's ucs2Slice is not native (Deno's), and in Bun, which loads this entry through the
// exports map's `bun` condition and has no such threshold (600,000 units of Shift_JIS decoded in
// 1.14-1.19 ms with it, 1.08-1.16 without).
export const EXTERNAL =
  ucs2Slice !== null && typeof process === 'object' && process.versions?.bun === undefined ? 0xfbeeb : 0;
