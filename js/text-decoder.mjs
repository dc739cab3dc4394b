// TextDecoder (https://encoding.spec.whatwg.org/#interface-textdecoder): WebIDL conversions here,
// the algorithm in the core (TextDecoderCore). Every call runs on a decoder on the wasm stack; a
// stream's state between calls (and between the pieces of a call) is kept here as the number the
// core saves it as (the few bytes its decoder holds, BOM seen and the like), so a decoder dropped
// mid-stream holds no wasm memory. UTF-8 goes to the native decoder when it is exact. A
// TextDecoder starts with a state shared by every decoder of its encoding and options (whole
// calls leave no state behind), and gets its own at its first streaming call: construction
// allocates nothing.

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
  CHUNK,
  UTF8,
  UTF16LE,
  WINDOWS_1252,
  FIRST_SINGLE_BYTE,
  LAST_SINGLE_BYTE,
  FATAL,
  IGNORE_BOM,
  NAMES,
  LOWER_NAMES,
  ready,
  moduleOf,
  concat,
  encodingForLabel,
} from './wasm.mjs';
import { nativeUtf8, nativeUtf16Le, nativeSingleByte, newNative, nativeDecode } from './natives.mjs';
import { MathMax } from './primordials.mjs';
import { utf16LeWhole, windows1252Latin1 } from './buffer.mjs';
import { pieceEnd } from './pieces.mjs';

export function fatalError(name) {
  return new TypeError(`The encoded data is not valid ${name}.`);
}

// Natives and Buffer get whole inputs of up to this many bytes: their output is then under every
// engine's maximum string length, which some of them report wrongly (Node's UTF-16LE decoder as
// invalid data) or not at all (Node's Latin-1 decoder ends the process). Longer inputs go through
// wasm in pieces, or a native stream in pieces, where a too-long result is tooLong().
const NATIVE_MAX = 1 << 28;

// The decoding state behind a TextDecoder or a TextDecoderStream.
export class DecoderState {
  constructor(enc, flags, shared = false) {
    this.enc = enc;
    this.flags = flags; // the module's bits
    // The options as an index 0-3 (fatal 1, ignoreBOM 2) into the natives' tables.
    this.options = ((flags & FATAL) !== 0 ? 1 : 0) | ((flags & IGNORE_BOM) !== 0 ? 2 : 0);
    this.shared = shared; // used only for whole (non-streaming) calls, by many decoders
    this.module = moduleOf(enc); // the wasm module with this encoding
    this.saved = -1; // the core's saved state while streaming in wasm (see decode_saved), else -1
    this.native = null; // native UTF-8 or UTF-16LE decoder while streaming
    this.busy = false; // a call is running (a state of its own only: a shared one keeps none)
  }

  // decode() (https://encoding.spec.whatwg.org/#dom-textdecoder-decode) steps after conversion:
  // `bytes` is a Uint8Array, read through its slots.
  decode(bytes, stream) {
    if (this.shared) return this.run(bytes, stream);
    if (this.busy) throw reentered("Failed to execute 'decode' on 'TextDecoder'");
    this.busy = true;
    try {
      return this.run(bytes, stream);
    } finally {
      this.busy = false;
    }
  }

  run(bytes, stream) {
    const length = lengthOf(bytes);
    // A native for this call: not where a wasm stream is in progress, nor for a fatal stream
    // (natives differ on the state a fatal error leaves; see docs/api.md), nor for huge inputs.
    const native =
      this.saved < 0 && (this.native !== null || (length <= NATIVE_MAX && !(stream && (this.flags & FATAL) !== 0)));
    if (native && this.enc === UTF8) {
      const decoders = nativeUtf8();
      if (decoders !== null) return this.decodeNative(decoders, 'utf-8', bytes, stream);
    }
    // UTF-16LE: whole calls by Buffer#ucs2Slice where it can (faster than native or wasm), else
    // natively.
    if (native && this.enc === UTF16LE) {
      if (utf16LeWhole !== null && !stream && this.native === null) {
        const text = utf16LeWhole(bytes, (this.flags & FATAL) !== 0, (this.flags & IGNORE_BOM) !== 0);
        if (text === null) throw fatalError('utf-16le');
        return text;
      }
      const decoders = nativeUtf16Le();
      if (decoders !== null) return this.decodeNative(decoders, 'utf-16le', bytes, stream);
    }
    if (this.saved < 0 && !stream) {
      // windows-1252 is stateless and never fatal: a Latin-1 string whenever it is exact.
      if (this.enc === WINDOWS_1252) {
        const text = windows1252Latin1(bytes);
        if (text !== null) return text;
      }
      // Other single-byte encodings: natively where that is exact (it builds these strings
      // faster than wasm plus a copy out can).
      if (
        this.enc >= FIRST_SINGLE_BYTE &&
        this.enc <= LAST_SINGLE_BYTE &&
        (this.flags & FATAL) === 0 &&
        length <= NATIVE_MAX
      ) {
        const native = nativeSingleByte(this.enc, NAMES[this.enc]);
        if (native !== null) return decodeWhole(native, bytes, LOWER_NAMES[this.enc]);
      }
      if (length <= CHUNK) return decodeOnce(bytes, this.enc, this.flags);
    }
    // A whole call starts from a new decoder's state (0) and keeps none: a shared state serves
    // every decoder of its encoding. A stream keeps its state across calls.
    let saved = MathMax(this.saved, 0);
    const m = this.module;
    m.enter();
    try {
      let text = '';
      for (let start = 0; ; start += CHUNK) {
        const end = pieceEnd(start, length);
        const len = m.putBytes(bytes, start, end);
        const n = m.W.decode_saved(this.enc, this.flags, saved, len, stream, start === 0, end === length);
        // After a fatal error too: a stream goes on from the decoder's state (the rest of this
        // call's input is dropped).
        saved = m.result(0);
        if (n === -1) throw fatalError(LOWER_NAMES[this.enc]);
        text = concat(text, m.takeString(n));
        if (end === length) break;
      }
      if (!stream) saved = -1;
      return text;
    } catch (e) {
      // Any error but a fatal one, or a call without stream, ends the stream.
      if (!stream || !(e instanceof TypeError)) saved = -1;
      throw e;
    } finally {
      m.busy = false;
      if (!this.shared) this.saved = saved;
    }
  }

  // A call by a native decoder: a shared one from `shared` (by options) for whole calls, else this
  // stream's own, given input in pieces of CHUNK bytes.
  decodeNative(shared, label, bytes, stream) {
    if (this.native === null && !stream) return decodeWhole(shared[this.options], bytes, label);
    this.native ??= newNative(label, this.options);
    const length = lengthOf(bytes);
    try {
      let text = '';
      for (let start = 0; ; start += CHUNK) {
        const end = pieceEnd(start, length);
        const piece = end - start === length ? bytes : subBytes(bytes, start, end);
        text = concat(text, nativeDecode(this.native, piece, { stream: stream || end < length }));
        if (end === length) break;
      }
      if (!stream) this.native = null;
      return text;
    } catch (e) {
      this.native = null;
      // A refused view, or tooLong() from concat (a piece alone is never too long).
      throw e instanceof TypeError ? fatalError(label) : e;
    }
  }

  // Ends the stream: the next call starts afresh, as the standard's would.
  release() {
    this.saved = -1;
    this.native = null;
  }
}

// A whole decode of `bytes` (at most CHUNK) in wasm.
function decodeOnce(bytes, enc, flags = 0) {
  const m = moduleOf(enc);
  m.enter();
  try {
    const n = m.W.decode_once(enc, flags, m.putBytes(bytes));
    if (n === -1) throw fatalError(LOWER_NAMES[enc]);
    return m.takeString(n);
  } finally {
    m.busy = false;
  }
}

// A whole decode() call by a shared native decoder, which starts afresh each time. `bytes` is
// never shared memory (toBytes copies that).
function decodeWhole(native, bytes, name) {
  try {
    return nativeDecode(native, bytes);
  } catch {
    // A fatal error (the input is at most NATIVE_MAX: never too long).
    throw fatalError(name);
  }
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
