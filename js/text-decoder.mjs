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
import { nativeUtf8, nativeUtf16Le, nativeSingleByte, newNative, nativeDecode } from './natives.mjs';
import { MathMax } from './primordials.mjs';
import { utf16LeWhole, windows1252Latin1 } from './buffer.mjs';
import { CHUNK, concat, joinPieces, pieceEnd } from './pieces.mjs';

export function fatalError(name) {
  return new TypeError(`The encoded data is not valid ${name}.`);
}

// Natives and Buffer get whole inputs of up to this many bytes: their output is then under every
// engine's maximum string length, which some of them report wrongly (Node's UTF-16LE decoder as
// invalid data) or not at all (Node's Latin-1 decoder ends the process). Longer inputs go through
// wasm in pieces, or a native stream in pieces, where a too-long result is concat()'s RangeError.
const NATIVE_MAX = 1 << 28;

// The decoding state behind a TextDecoder or a TextDecoderStream. Its calls go to its back-end,
// chosen once for its encoding and options (see backEnd): a function (state, bytes, stream) that
// runs a call, keeping a stream's state in `saved` or `native` (see release).
export class DecoderState {
  constructor(enc, flags, shared = false) {
    this.enc = enc;
    this.flags = flags; // the module's bits
    this.shared = shared; // used only for whole (non-streaming) calls, by many decoders
    this.saved = -1; // the core's saved state while streaming in wasm (see decode_saved), else -1
    this.native = null; // native UTF-8 or UTF-16LE decoder while streaming
    this.busy = false; // a call is running (a state of its own only: a shared one keeps none)
    this.key = enc * 4 + optionIndex(flags); // its encoding and options, as one number
  }

  // decode() (https://encoding.spec.whatwg.org/#dom-textdecoder-decode) steps after conversion:
  // `bytes` is a Uint8Array, read through its slots.
  decode(bytes, stream) {
    backEnds[this.key] ??= backEnd(this.enc, this.flags);
    const run = backEnds[this.key];
    if (this.shared) return run(this, bytes, stream);
    if (this.busy) throw reentered("Failed to execute 'decode' on 'TextDecoder'");
    this.busy = true;
    try {
      return run(this, bytes, stream);
    } finally {
      this.busy = false;
    }
  }

  // Ends the stream: the next call starts afresh, as the standard's would.
  release() {
    this.saved = -1;
    this.native = null;
  }
}

const backEnds = [];

// The back-end for every call: wasm. A whole call of up to CHUNK bytes by decode_once; others
// (streams, big inputs) in pieces by decode_saved, from the state saved in `state.saved` (a whole
// call from a new decoder's, 0), to which a stream's state after the call goes back. (A loop, not
// joinPieces: Hermes 0.12 loses a closure's write to a variable of this function when an error
// follows, as a fatal one does here.)
function wasm(state, bytes, stream) {
  const length = lengthOf(bytes);
  const { enc, flags } = state;
  const once = state.saved < 0 && !stream && length <= CHUNK;
  const m = moduleOf(enc);
  let saved = MathMax(state.saved, 0);
  let failure = null; // the fatal error, once made
  m.enter();
  try {
    let text = '';
    for (let start = 0; ; start += CHUNK) {
      const end = pieceEnd(start, length);
      const len = m.putBytes(bytes, start, end);
      const n = once
        ? m.W.decode_once(enc, flags, len)
        : m.W.decode_saved(enc, flags, saved, len, stream, start === 0, end === length);
      // After a fatal error too: a stream goes on from the decoder's state (the rest of this
      // call's input is dropped).
      if (!once) saved = m.result(0);
      if (n === FAILED) {
        failure = fatalError(LOWER_NAMES[enc]);
        throw failure;
      }
      text = concat(text, m.takeString(n));
      if (end === length) break;
    }
    if (!stream) saved = -1;
    return text;
  } catch (e) {
    // Any error but a fatal one, or a call without stream, ends the stream. (Told by identity:
    // `instanceof` would run a TypeError[Symbol.hasInstance] of the caller's.)
    if (!stream || e !== failure) saved = -1;
    throw e;
  } finally {
    m.busy = false;
    if (!state.shared) state.saved = saved;
  }
}

// A back-end by natives (see natives.mjs) or Buffer where they are exact: whole calls by
// `whole(bytes)` where it gives a string (null: not for this input), and, where `label` is a
// native decoder's, streams by one of their own given input in pieces of CHUNK bytes. The rest in
// wasm: fatal streams (natives differ on the state a fatal error leaves; see docs/api.md), inputs
// over NATIVE_MAX, and the rest of a stream that wasm began.
const natives = (whole, label) => (state, bytes, stream) => {
  if (state.saved < 0) {
    if (state.native !== null) return nativeStream(label, state, bytes, stream);
    if (lengthOf(bytes) <= NATIVE_MAX) {
      if (!stream) {
        const text = whole(bytes);
        if (text !== null) return text;
      } else if (label && (state.flags & FATAL) === 0) return nativeStream(label, state, bytes, stream);
    }
  }
  return wasm(state, bytes, stream);
};

function nativeStream(label, state, bytes, stream) {
  state.native ??= newNative(label, optionIndex(state.flags));
  const native = state.native;
  const length = lengthOf(bytes);
  try {
    const text = joinPieces(0, length, CHUNK, (start, end, last) =>
      nativeDecode(native, end - start === length ? bytes : subBytes(bytes, start, end), { stream: stream || !last }),
    );
    if (!stream) state.native = null;
    return text;
  } catch (e) {
    state.native = null;
    // A refused view, or concat()'s RangeError (a piece alone is never too long).
    throw e instanceof TypeError ? fatalError(label) : e;
  }
}

// The options as an index 0-3 (fatal 1, ignoreBOM 2) into the natives' tables.
function optionIndex(flags) {
  return ((flags & FATAL) !== 0 ? 1 : 0) | ((flags & IGNORE_BOM) !== 0 ? 2 : 0);
}

// A whole decode() call by `native`, a shared native decoder, which starts afresh each time; a
// fatal error as ours. (`bytes` is never shared memory, which toBytes copies, and at most
// NATIVE_MAX: its output is never too long.)
const byNative = (native, name) => (bytes) => {
  try {
    return nativeDecode(native, bytes);
  } catch {
    throwFatal(name);
  }
};

function throwFatal(name) {
  throw fatalError(name);
}

// The back-end of encoding `enc` with `flags`, chosen at the first call of a decoder of them and
// kept: where a native's self-tests could not run then (cut short by a stack overflow in the
// caller's context, say), that encoding and options stay in wasm, which gives the same text.
function backEnd(enc, flags) {
  const name = LOWER_NAMES[enc];
  const fatal = (flags & FATAL) !== 0;
  if (enc === UTF8 || enc === UTF16LE) {
    const shared = enc === UTF8 ? nativeUtf8() : nativeUtf16Le();
    // UTF-16LE's whole calls by Buffer#ucs2Slice where it can (faster than native or wasm).
    const whole =
      enc === UTF16LE && utf16LeWhole
        ? (bytes) => utf16LeWhole(bytes, fatal, (flags & IGNORE_BOM) !== 0) ?? throwFatal(name)
        : shared && byNative(shared[optionIndex(flags)], name);
    return whole ? natives(whole, shared && name) : wasm;
  }
  if (enc < FIRST_SINGLE_BYTE || enc > LAST_SINGLE_BYTE) return wasm;
  // Single-byte encodings: non-fatal whole calls natively where that is exact (it builds these
  // strings faster than wasm plus a copy out can); windows-1252, stateless and never fatal, first
  // as a Latin-1 string wherever that is exact.
  const decoder = fatal ? null : nativeSingleByte(enc, NAMES[enc]);
  const native = decoder && byNative(decoder, name);
  const latin1 = enc === WINDOWS_1252 && windows1252Latin1;
  const whole = native && latin1 ? (bytes) => latin1(bytes) ?? native(bytes) : native || latin1;
  return whole ? natives(whole) : wasm;
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
  const key = enc * 4 + optionIndex(flags);
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
