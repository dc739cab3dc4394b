// TextDecoder (https://encoding.spec.whatwg.org/#interface-textdecoder): WebIDL conversions here,
// the algorithm in the core (TextDecoderCore). Every call runs on a decoder on the wasm stack; a
// stream's state between calls (and between the pieces of a call) is kept here as the number the
// core saves it as (the few bytes its decoder holds, BOM seen and the like), so a decoder dropped
// mid-stream holds no wasm memory. Where a runtime's own decoder (or Node's Buffer) is exact and
// faster, it serves the calls it can. A TextDecoder starts with a state shared by every decoder
// of its encoding and options (whole calls leave no state behind), and gets its own at its first
// streaming call: construction allocates nothing.

import {
  EMPTY_BYTES,
  toDOMString,
  toDictionary,
  toBytes,
  lengthOf,
  subBytes,
  isObject,
  illegalInvocation,
  defineInterface,
  reentered,
} from './webidl.mjs';
import {
  UTF8,
  UTF16LE,
  WINDOWS_1252,
  FIRST_SINGLE_BYTE,
  LAST_SINGLE_BYTE,
  FATAL,
  IGNORE_BOM,
  FAILED,
  NAMES,
  LOWER_NAMES,
  ready,
  moduleOf,
  encodingForLabel,
} from './wasm.mjs';
import { nativeUtf8, nativeUtf16Le, nativeSingleByte, newNative } from './natives.mjs';
import { MathMax } from './primordials.mjs';
import { utf16LeWhole, windows1252Latin1 } from './buffer.mjs';
import { CHUNK, joinPieces } from './pieces.mjs';

export function fatalError(name) {
  return new TypeError(`The encoded data is not valid ${name}.`);
}

// Natives and Buffer get whole inputs of up to this many bytes: their output is then under every
// engine's maximum string length, which some of them report wrongly (Node's UTF-16LE decoder as
// invalid data) or not at all (Node's Latin-1 decoder ends the process). Longer inputs go through
// wasm in pieces, or a native stream in pieces, where a too-long result is tooLong().
const NATIVE_MAX = 1 << 28;

// The decoding state behind a TextDecoder or a TextDecoderStream. Its calls go to a back-end,
// chosen once for its encoding and options (see backEnd): an object whose decode(state, bytes,
// stream) runs a call, keeping a stream's state in `saved` or `native`.
export class DecoderState {
  constructor(enc, flags, shared = false) {
    this.enc = enc;
    this.flags = flags; // the module's bits
    this.shared = shared; // used only for whole (non-streaming) calls, by many decoders
    this.saved = -1; // the core's saved state while streaming in wasm (see decode_saved), else -1
    this.native = null; // native UTF-8 or UTF-16LE decoder while streaming
    this.busy = false; // a call is running (a state of its own only: a shared one keeps none)
    this.backEnd = null; // once chosen for good
  }

  // decode() (https://encoding.spec.whatwg.org/#dom-textdecoder-decode) steps after conversion:
  // `bytes` is a Uint8Array, read through its slots.
  decode(bytes, stream) {
    const b = this.backEnd ?? this.choose();
    if (this.shared) return b.decode(this, bytes, stream);
    if (this.busy) throw reentered("Failed to execute 'decode' on 'TextDecoder'");
    this.busy = true;
    try {
      return b.decode(this, bytes, stream);
    } finally {
      this.busy = false;
    }
  }

  // The back-end of this encoding and these options: kept, here and for every state like this one,
  // once the choice is final.
  choose() {
    const key = this.enc * 4 + options(this.flags);
    let b = backEnds[key];
    if (b === undefined) {
      const chosen = backEnd(this.enc, this.flags);
      b = chosen.backEnd;
      if (!chosen.settled) return b;
      backEnds[key] = b;
    }
    this.backEnd = b;
    return b;
  }

  // Ends the stream: the next call starts afresh, as the standard's would.
  release() {
    this.saved = -1;
    this.native = null;
  }
}

// The back-end for every call: wasm. Whole calls of up to CHUNK bytes by decode_once; others
// (streams, big inputs) in pieces by decode_saved, from the state saved in `state.saved` (a whole
// call from a new decoder's, 0), to which a stream's state after the call goes back.
const wasm = {
  decode(state, bytes, stream) {
    const length = lengthOf(bytes);
    const { enc, flags } = state;
    if (state.saved < 0 && !stream && length <= CHUNK) return decodeOnce(bytes, enc, flags);
    let saved = MathMax(state.saved, 0);
    const m = moduleOf(enc);
    m.enter();
    try {
      const text = joinPieces(0, length, CHUNK, (start, end, last) => {
        const n = m.W.decode_saved(enc, flags, saved, m.putBytes(bytes, start, end), stream, start === 0, last);
        // After a fatal error too: a stream goes on from the decoder's state (the rest of this
        // call's input is dropped).
        saved = m.result(0);
        if (n === FAILED) throw fatalError(LOWER_NAMES[enc]);
        return m.takeString(n);
      });
      if (!stream) saved = -1;
      return text;
    } catch (e) {
      // Any error but a fatal one, or a call without stream, ends the stream.
      if (!stream || !(e instanceof TypeError)) saved = -1;
      throw e;
    } finally {
      m.busy = false;
      if (!state.shared) state.saved = saved;
    }
  },
};

// A whole decode of `bytes` (at most CHUNK) in wasm.
function decodeOnce(bytes, enc, flags) {
  const m = moduleOf(enc);
  m.enter();
  try {
    const n = m.W.decode_once(enc, flags, m.putBytes(bytes));
    if (n === FAILED) throw fatalError(LOWER_NAMES[enc]);
    return m.takeString(n);
  } finally {
    m.busy = false;
  }
}

// Whole calls by `whole(bytes)`, a native (see natives.mjs) or Buffer path, where it gives a
// string (null: not for this input); the rest, and every call while a wasm stream is in
// progress, in wasm.
class WholeCalls {
  constructor(whole) {
    this.whole = whole;
  }

  decode(state, bytes, stream) {
    if (!stream && state.saved < 0) {
      const text = this.whole(bytes);
      if (text !== null) return text;
    }
    return wasm.decode(state, bytes, stream);
  }
}

// UTF-8 and UTF-16LE: whole calls by `whole(bytes)` (as WholeCalls), and streams by a native
// decoder of their own (by label, from the natives `shared`, if any), given input in pieces of
// CHUNK bytes; in wasm a fatal stream (natives differ on the state a fatal error leaves; see
// docs/api.md), inputs over NATIVE_MAX, and the rest of a stream that wasm began.
class NativeStreams {
  constructor(whole, label, shared) {
    this.whole = whole;
    this.label = label;
    this.streams = shared !== null;
  }

  decode(state, bytes, stream) {
    if (state.saved < 0) {
      if (state.native !== null) return this.stream(state, bytes, stream);
      if (lengthOf(bytes) <= NATIVE_MAX) {
        if (!stream) return this.whole(bytes);
        if ((state.flags & FATAL) === 0 && this.streams) return this.stream(state, bytes, stream);
      }
    }
    return wasm.decode(state, bytes, stream);
  }

  stream(state, bytes, stream) {
    const label = this.label;
    state.native ??= newNative(label, options(state.flags));
    const native = state.native;
    const length = lengthOf(bytes);
    try {
      const text = joinPieces(0, length, CHUNK, (start, end, last) =>
        native.decode(end - start === length ? bytes : subBytes(bytes, start, end), { stream: stream || !last }),
      );
      if (!stream) state.native = null;
      return text;
    } catch (e) {
      state.native = null;
      // A refused view, or tooLong() from concat (a piece alone is never too long).
      throw e instanceof TypeError ? fatalError(label) : e;
    }
  }
}

// The options as an index 0-3 (fatal 1, ignoreBOM 2) into the natives' tables.
function options(flags) {
  return ((flags & FATAL) !== 0 ? 1 : 0) | ((flags & IGNORE_BOM) !== 0 ? 2 : 0);
}

// A whole decode() call by a shared native decoder, which starts afresh each time (the input is
// at most NATIVE_MAX: its output is never too long); `bytes` is never shared memory (toBytes
// copies that).
function nativeWhole(native, name) {
  return (bytes) => {
    try {
      return native.decode(bytes);
    } catch {
      throw fatalError(name);
    }
  };
}

const backEnds = [];

// The back-end of encoding `enc` with `flags`, and whether that choice is final: it depends on
// which natives pass their self-tests, found on first use (see natives.mjs), where a probe cut
// short (by a stack overflow, say) is tried again later.
function backEnd(enc, flags) {
  const fatal = (flags & FATAL) !== 0;
  if (enc === UTF8) {
    const shared = nativeUtf8();
    return {
      backEnd:
        shared === null ? wasm : new NativeStreams(nativeWhole(shared[options(flags)], 'utf-8'), 'utf-8', shared),
      settled: nativeUtf8.settled(),
    };
  }
  if (enc === UTF16LE) {
    const shared = nativeUtf16Le();
    // Whole calls by Buffer#ucs2Slice where it can (faster than native or wasm), else natively.
    const whole =
      utf16LeWhole !== null
        ? (bytes) => {
            const text = utf16LeWhole(bytes, fatal, (flags & IGNORE_BOM) !== 0);
            if (text === null) throw fatalError('utf-16le');
            return text;
          }
        : shared !== null
          ? nativeWhole(shared[options(flags)], 'utf-16le')
          : null;
    return {
      backEnd: whole === null ? wasm : new NativeStreams(whole, 'utf-16le', shared),
      settled: nativeUtf16Le.settled(),
    };
  }
  if (enc < FIRST_SINGLE_BYTE || enc > LAST_SINGLE_BYTE) return { backEnd: wasm, settled: true };
  // Single-byte encodings: non-fatal whole calls natively where that is exact (it builds these
  // strings faster than wasm plus a copy out can); windows-1252, stateless and never fatal, first
  // as a Latin-1 string wherever that is exact.
  const probe = nativeSingleByte(enc, NAMES[enc]);
  const native = fatal ? null : probe();
  const settled = fatal || probe.settled();
  const latin1 = enc === WINDOWS_1252 ? windows1252Latin1 : null;
  if (native === null && latin1 === null) return { backEnd: wasm, settled };
  const byNative = native === null ? null : nativeWhole(native, LOWER_NAMES[enc]);
  const whole =
    latin1 === null
      ? (bytes) => (lengthOf(bytes) <= NATIVE_MAX ? byNative(bytes) : null)
      : byNative === null
        ? latin1
        : (bytes) => latin1(bytes) ?? (lengthOf(bytes) <= NATIVE_MAX ? byNative(bytes) : null);
  return { backEnd: new WholeCalls(whole), settled };
}

// TextDecoderOptions, and the constructor steps TextDecoder
// (https://encoding.spec.whatwg.org/#dom-textdecoder) shares with TextDecoderStream
// (https://encoding.spec.whatwg.org/#dom-textdecoderstream). WebIDL converts both arguments before
// the constructor steps look the label up. `shared`: the state shared by encoding and flags (see
// above), else a new one.
export function newDecoderState(label, options, what, shared = false) {
  ready();
  const l = label === undefined ? 'utf-8' : typeof label === 'string' ? label : toDOMString(label);
  let fatal = false;
  let ignoreBOM = false;
  if (options !== undefined) ({ fatal, ignoreBOM } = toDictionary(options, OPTIONS, what));
  const flags = (fatal ? FATAL : 0) | (ignoreBOM ? IGNORE_BOM : 0);
  const enc = encodingForLabel(l, what, false);
  if (!shared) return new DecoderState(enc, flags);
  const key = enc * 4 + (fatal ? 1 : 0) + (ignoreBOM ? 2 : 0);
  sharedStates[key] ??= new DecoderState(enc, flags, true);
  return sharedStates[key];
}
const OPTIONS = ['fatal', 'ignoreBOM'];
const sharedStates = [];

const DECODE = "Failed to execute 'decode' on 'TextDecoder'";

const STREAM = ['stream'];

export class TextDecoder {
  #state;

  constructor(label = undefined, options = undefined) {
    this.#state = newDecoderState(label, options, "Failed to construct 'TextDecoder'", true);
  }

  get encoding() {
    if (!isObject(this) || !(#state in this)) throw illegalInvocation('TextDecoder.encoding');
    return LOWER_NAMES[this.#state.enc];
  }

  get fatal() {
    if (!isObject(this) || !(#state in this)) throw illegalInvocation('TextDecoder.fatal');
    return (this.#state.flags & FATAL) !== 0;
  }

  get ignoreBOM() {
    if (!isObject(this) || !(#state in this)) throw illegalInvocation('TextDecoder.ignoreBOM');
    return (this.#state.flags & IGNORE_BOM) !== 0;
  }

  decode(input = undefined, options = undefined) {
    if (!isObject(this) || !(#state in this)) throw illegalInvocation('TextDecoder.decode');
    const bytes = input === undefined ? EMPTY_BYTES : toBytes(input, DECODE);
    const stream = options === undefined ? false : toDictionary(options, STREAM, DECODE).stream;
    let state = this.#state;
    if (stream && state.shared) this.#state = state = new DecoderState(state.enc, state.flags);
    return state.decode(bytes, stream);
  }
}
defineInterface(TextDecoder, 'TextDecoder');
