// The runtime's own TextDecoder and TextEncoder, captured when this module loads (before the
// polyfill can replace them), and used only where a self-test shows them exact for the call. The
// self-tests run on first use, not at import (but where the polyfill runs them to judge the
// native): together they take about a millisecond, which a process that never needs them (one
// decoding Shift_JIS, say) should not pay.

import { SELF_TESTS, passes } from './self-tests.mjs';
import { isOurs, lengthOf } from './webidl.mjs';
import { uncurryThis, MapPrototypeGet, MapPrototypeSet, StringPrototypeCharCodeAt } from './primordials.mjs';

// A native class, or null (missing, this package's, or behind a global that throws when read).
function native(name) {
  try {
    const cls = globalThis[name];
    return typeof cls === 'function' && !isOurs(cls) ? cls : null;
  } catch {
    return null;
  }
}
const NativeDecoder = native('TextDecoder');
const NativeEncoder = native('TextEncoder');
// Their methods as captured now (see primordials.mjs): nativeDecode(decoder, input, options).
// (null where reading them throws: a Proxy's trap, say.)
const uncurried = (cls, name) => {
  try {
    const f = cls?.prototype[name];
    return typeof f === 'function' ? uncurryThis(f) : null;
  } catch {
    return null;
  }
};
export const nativeDecode = uncurried(NativeDecoder, 'decode');
export const nativeEncode = uncurried(NativeEncoder, 'encode');
export const nativeEncodeIntoUtf8 = uncurried(NativeEncoder, 'encodeInto');

function attempt(fn) {
  try {
    return fn();
  } catch {
    return false;
  }
}

// (The probes below call the natives' methods as captured, as the calls that use them do: a method
// replaced since, say by a wrapper that is exact, must not vouch for the original. They run on
// first use, inside a call, after user code may have replaced any built-in: they use none but
// those captured at load.)

// `probe` run on first use, its result kept once it finds the native usable; a negative result
// (a native that is missing or inexact, or a probe cut short, say by a stack overflow in the
// caller's context) is tried again on later uses, three tries in all. Returns the result or null.
function once(probe) {
  let result = null;
  let tries = 3;
  return () => {
    if (result === null && tries > 0) {
      tries--;
      result = attempt(probe) || null;
    }
    return result;
  };
}

// A UTF-16LE decoder that turns well-formed code units into a string, a leading U+FEFF kept; or
// null.
export const nativeUtf16 = once(() => {
  const d = new NativeDecoder('utf-16le', { ignoreBOM: true });
  const decodes = (s) => {
    const u = new Uint16Array(s.length);
    for (let i = 0; i < s.length; i++) u[i] = StringPrototypeCharCodeAt(s, i);
    return nativeDecode(d, u) === s;
  };
  return decodes('\uFEFFa\u{1F600}\uFFFD\u3042\u0080') && decodes('\uFEFF') && d;
});

// Whether the native decoder passes `cases`, the self-tests of encoding `name` (by default
// self-tests.mjs's): each verdict found on first use, and shared by every user (see once).
const verdicts = new Map();
function nativePasses(name, cases = MapPrototypeGet(SELF_TESTS, name)) {
  let verdict = MapPrototypeGet(verdicts, name);
  if (verdict === undefined) {
    verdict = once(() => passes(NativeDecoder, cases, nativeDecode));
    MapPrototypeSet(verdicts, name, verdict);
  }
  return verdict() === true;
}

// Whether `Class` passes `cases`, the self-tests of encoding `name`: for the native decoder, the
// verdict above.
export function passesSelfTests(Class, name, cases) {
  return Class === NativeDecoder ? nativePasses(name, cases) : passes(Class, cases);
}

// Shared native decoders for non-streaming calls, by options (fatal 1, ignoreBOM 2); or null.
const byOptions = (name) =>
  nativePasses(name) && [newNative(name, 0), newNative(name, 1), newNative(name, 2), newNative(name, 3)];
export const nativeUtf8 = once(() => byOptions('UTF-8'));
export const nativeUtf16Le = once(() => byOptions('UTF-16LE'));

// Native single-byte decoders (https://encoding.spec.whatwg.org/#single-byte-decoder) for whole
// non-fatal calls, by encoding number: the native decoder of encoding `name` where it passes its
// self-tests (its output for every byte is the standard's, and in fatal mode too), else null.
const singleByte = [];
export function nativeSingleByte(enc, name) {
  singleByte[enc] ??= once(() => nativePasses(name) && new NativeDecoder(name));
  return singleByte[enc]();
}

// A new native decoder by label and options (fatal 1, ignoreBOM 2).
export function newNative(label, options) {
  return new NativeDecoder(label, { fatal: (options & 1) !== 0, ignoreBOM: (options & 2) !== 0 });
}

// The native encoder, if it replaces lone surrogates as the standard says; or null.
export const nativeEncoder = once(() => {
  const e = new NativeEncoder();
  // (Written with escapes Deno's parser accepts: no \uD800 right before a \u{...}.)
  const out = nativeEncode(e, 'a\uD800\uD83D\uDE00\uDC00');
  const want = [0x61, 0xef, 0xbf, 0xbd, 0xf0, 0x9f, 0x98, 0x80, 0xef, 0xbf, 0xbd];
  if (lengthOf(out) !== want.length) return false;
  for (let i = 0; i < want.length; i++) if (out[i] !== want[i]) return false;
  return e;
});

// Whether the native encodeInto is exact (true or null), and whether it also accepts shared memory:
// the latter is asked only once the former is true (and so stays true: see once).
function encodeIntoWorks(dest) {
  const r = nativeEncodeIntoUtf8(nativeEncoder(), 'a\u{1F600}\u00E9', dest);
  return r.read === 1 && r.written === 1 && dest[0] === 0x61;
}
export const nativeEncodeInto = once(() => encodeIntoWorks(new Uint8Array(4)));
export const nativeEncodeIntoShared = once(
  () => typeof SharedArrayBuffer === 'function' && encodeIntoWorks(new Uint8Array(new SharedArrayBuffer(4))),
);
