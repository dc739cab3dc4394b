// The runtime's own TextDecoder and TextEncoder, captured when this module loads (before the
// polyfill can replace them), and used only where a self-test shows them exact for the call. The
// self-tests run on first use, not at import: together they take about a millisecond, which a
// process that never needs them (one decoding Shift_JIS, say) should not pay.

import { isOurs } from './webidl.mjs';

const G = globalThis;
const NativeDecoder = typeof G.TextDecoder === 'function' && !isOurs(G.TextDecoder) ? G.TextDecoder : null;
const NativeEncoder = typeof G.TextEncoder === 'function' && !isOurs(G.TextEncoder) ? G.TextEncoder : null;

const bytes = (...b) => new Uint8Array(b);
const FFFD = '\uFFFD';

function attempt(fn) {
  try {
    return fn();
  } catch {
    return false;
  }
}

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
  const u = new Uint16Array([0xfeff, 0x61, 0xd83d, 0xde00, 0xfffd, 0x3042, 0x80]);
  return d.decode(u) === '\uFEFFa\u{1F600}\uFFFD\u3042\u0080' && d.decode(new Uint16Array([0xfeff])) === '\uFEFF' && d;
});

// Whether the native UTF-8 decoder follows the standard in every way this package relies on:
// maximal subparts (§ 8.1.1), BOM handling, streaming, and state reset after a fatal error.
function utf8IsExact() {
  const D = NativeDecoder;
  const d = new D('utf-8');
  const checks = [
    d.decode(bytes(0xef, 0xbb, 0xbf, 0x61)) === 'a',
    d.decode(bytes(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf)) === '\uFEFF',
    new D('utf-8', { ignoreBOM: true }).decode(bytes(0xef, 0xbb, 0xbf, 0x61)) === '\uFEFFa',
    d.decode(bytes(0xf0, 0x90, 0x80, 0x41)) === `${FFFD}A`,
    d.decode(bytes(0xed, 0xa0, 0x80)) === FFFD.repeat(3),
    d.decode(bytes(0xc0, 0x80, 0xf4, 0x90, 0x80, 0x80)) === FFFD.repeat(6),
    d.decode(bytes(0xe0, 0xa0)) === FFFD,
    d.decode(bytes(0xef), { stream: true }) === '' &&
      d.decode(bytes(0xbb), { stream: true }) === '' &&
      d.decode(bytes(0xbf, 0x62), { stream: true }) === 'b' &&
      d.decode(bytes(0xf0, 0x9f), { stream: true }) === '' &&
      d.decode() === FFFD,
    d.decode(bytes(0xf0, 0x9f), { stream: true }) === '' && d.decode(bytes(0x98, 0x80)) === '\u{1F600}',
  ];
  const f = new D('utf-8', { fatal: true });
  const threw = (fn) => {
    try {
      fn();
      return false;
    } catch (e) {
      return e instanceof TypeError;
    }
  };
  checks.push(
    threw(() => f.decode(bytes(0x61, 0xff))) && f.decode(bytes(0x62)) === 'b',
    f.decode(bytes(0xe3), { stream: true }) === '' &&
      threw(() => f.decode(bytes(0x41), { stream: true })) &&
      f.decode(bytes(0xef, 0xbb, 0xbf, 0x42)) === 'B',
    threw(() => f.decode(bytes(0xe3))) && f.decode(bytes(0x43)) === 'C',
  );
  return checks.every(Boolean);
}

// Shared native UTF-8 decoders for non-streaming calls, by options (fatal 1, ignoreBOM 2); or null.
export const nativeUtf8 = once(
  () =>
    utf8IsExact() &&
    [0, 1, 2, 3].map((f) => new NativeDecoder('utf-8', { fatal: (f & 1) !== 0, ignoreBOM: (f & 2) !== 0 })),
);

// Whether the native UTF-16LE decoder follows the standard for whole (non-streaming) calls: BOM
// handling, lone surrogates and an odd last byte as U+FFFD (§ 14.2.1), fatal errors.
function utf16LeIsExact() {
  const D = NativeDecoder;
  const d = new D('utf-16le');
  const f = new D('utf-16le', { fatal: true });
  const threw = (b) => {
    try {
      f.decode(b);
      return false;
    } catch (e) {
      return e instanceof TypeError;
    }
  };
  return (
    d.decode(bytes(0xff, 0xfe, 0x41, 0x00)) === 'A' &&
    d.decode(bytes(0xff, 0xfe, 0xff, 0xfe)) === '\uFEFF' &&
    new D('utf-16le', { ignoreBOM: true }).decode(bytes(0xff, 0xfe, 0x41, 0x00)) === '\uFEFFA' &&
    d.decode(bytes(0x00, 0xd8, 0x41, 0x00)) === `${FFFD}A` &&
    d.decode(bytes(0x00, 0xdc, 0x00, 0xd8)) === FFFD + FFFD &&
    d.decode(bytes(0x00, 0xd8, 0x00, 0xd8, 0x00, 0xdc)) === `${FFFD}\u{10000}` &&
    d.decode(bytes(0x3d, 0xd8, 0x00, 0xde, 0x41)) === `\u{1F600}${FFFD}` &&
    d.decode(bytes(0xfe, 0xff, 0x80, 0x00)) === '\uFFFE\u0080' &&
    threw(bytes(0x00, 0xd8)) &&
    threw(bytes(0x41)) &&
    threw(bytes(0x00, 0xdc, 0x41, 0x00)) &&
    f.decode(bytes(0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde)) === '\u{1F600}' &&
    // Streaming: bytes, BOM and surrogate pairs split across calls; end of queue; fatal reset.
    d.decode(bytes(0xff), { stream: true }) === '' &&
    d.decode(bytes(0xfe, 0x41), { stream: true }) === '' &&
    d.decode(bytes(0x00, 0x3d, 0xd8), { stream: true }) === 'A' &&
    d.decode(bytes(0x00, 0xde)) === '\u{1F600}' &&
    d.decode(bytes(0xff, 0xfe), { stream: true }) === '' &&
    d.decode(bytes(0xff, 0xfe)) === '\uFEFF' &&
    d.decode(bytes(0x3d, 0xd8), { stream: true }) === '' &&
    d.decode() === FFFD &&
    d.decode(bytes(0x41), { stream: true }) === '' &&
    d.decode() === FFFD &&
    f.decode(bytes(0x3d, 0xd8), { stream: true }) === '' &&
    threw(bytes(0x41, 0x00)) &&
    f.decode(bytes(0x42, 0x00)) === 'B' &&
    f.decode(bytes(0x43), { stream: true }) === '' &&
    threw(undefined) &&
    f.decode(bytes(0x44, 0x00)) === 'D'
  );
}

// Shared native UTF-16LE decoders for non-streaming calls, by options (fatal 1, ignoreBOM 2); or
// null.
export const nativeUtf16Le = once(
  () =>
    utf16LeIsExact() &&
    [0, 1, 2, 3].map((f) => new NativeDecoder('utf-16le', { fatal: (f & 1) !== 0, ignoreBOM: (f & 2) !== 0 })),
);

// Native single-byte decoders (§ 9.1) for whole non-fatal calls, by encoding number: `label`'s
// native decoder where its output equals ours, `reference(PROBE, enc)`, else null; checked on first
// use (see once). The decoder is stateless and one byte is one code point, so equal output for
// every byte, after the bytes of UTF-8 and UTF-16 BOMs (which a single-byte decoder must not take
// as one), means equal output for every input.
const PROBE = Uint8Array.from([0xef, 0xbb, 0xbf, 0xfe, 0xff, 0xfe, ...Array(256).keys()]);
const singleByte = [];
export function nativeSingleByte(enc, label, reference) {
  singleByte[enc] ??= once(() => {
    const d = new NativeDecoder(label);
    return d.decode(PROBE) === reference(PROBE, enc) && d;
  });
  return singleByte[enc]();
}

// A new native decoder for a stream, by label and options (fatal 1, ignoreBOM 2).
export function newNative(label, options) {
  return new NativeDecoder(label, { fatal: (options & 1) !== 0, ignoreBOM: (options & 2) !== 0 });
}

// The native encoder, if it replaces lone surrogates as the standard says; or null.
export const nativeEncoder = once(() => {
  const e = new NativeEncoder();
  // (Written with escapes Deno's parser accepts: no \uD800 right before a \u{...}.)
  const out = e.encode('a\uD800\uD83D\uDE00\uDC00');
  const want = [0x61, 0xef, 0xbf, 0xbd, 0xf0, 0x9f, 0x98, 0x80, 0xef, 0xbf, 0xbd];
  return out.length === want.length && want.every((b, i) => out[i] === b) && e;
});

// Whether the native encodeInto is exact (true or null), and whether it accepts shared memory.
function encodeIntoWorks(dest) {
  const r = nativeEncoder().encodeInto('a\u{1F600}\u00E9', dest);
  return r.read === 1 && r.written === 1 && dest[0] === 0x61;
}
export const nativeEncodeInto = once(() => encodeIntoWorks(new Uint8Array(4)));
export const nativeEncodeIntoShared = once(
  () =>
    nativeEncodeInto() !== null &&
    typeof SharedArrayBuffer === 'function' &&
    encodeIntoWorks(new Uint8Array(new SharedArrayBuffer(4))),
);
