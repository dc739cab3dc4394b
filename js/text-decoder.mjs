// TextDecoder (§ 7.2): WebIDL conversions here, the algorithm in the core (TextDecoderCore).
// A decoder holds wasm state only while a {stream: true} decode is in progress; other calls use a
// decoder on the wasm stack. UTF-8 goes to the native decoder when it is exact. A TextDecoder
// starts with a state shared by every decoder of its encoding and options (whole calls leave no
// state behind), and gets its own at its first streaming call: construction allocates nothing.

import {
  EMPTY_BYTES,
  toDOMString,
  toDictionary,
  toBytes,
  isShared,
  illegalInvocation,
  defineInterface,
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
  LOWER_NAMES,
  wasm,
  putBytes,
  takeString,
  encodingForLabel,
  freeingRegistry,
} from './wasm.mjs';
import { nativeUtf8, nativeUtf16Le, nativeSingleByte, newNative } from './natives.mjs';
import { utf16LeWhole, windows1252Latin1 } from './strings.mjs';

const decoderRegistry = freeingRegistry((handle) => wasm().decoder_free(handle));

export function fatalError(name) {
  return new TypeError(`The encoded data is not valid ${name}.`);
}

// The decoding state behind a TextDecoder or a TextDecoderStream.
export class DecoderState {
  constructor(enc, flags, shared = false) {
    this.enc = enc;
    this.flags = flags;
    this.shared = shared; // used only for whole (non-streaming) calls, by many decoders
    this.handle = 0; // wasm decoder while streaming
    this.native = null; // native UTF-8 or UTF-16LE decoder while streaming
  }

  // decode() (§ 7.2) steps after conversion: `bytes` is a Uint8Array.
  decode(bytes, stream) {
    if (this.enc === UTF8 && nativeUtf8 !== null) return this.decodeNative(nativeUtf8, 'utf-8', bytes, stream);
    // UTF-16LE: whole calls by Buffer#ucs2Slice where it can (faster than native or wasm), else
    // natively.
    if (this.enc === UTF16LE && this.handle === 0) {
      if (utf16LeWhole !== null && !stream && this.native === null) {
        const text = utf16LeWhole(bytes, (this.flags & FATAL) !== 0, (this.flags & IGNORE_BOM) !== 0);
        if (text === null) throw fatalError('utf-16le');
        return text;
      }
      if (nativeUtf16Le !== null) return this.decodeNative(nativeUtf16Le, 'utf-16le', bytes, stream);
    }
    // windows-1252 is stateless and never fatal: a Latin-1 string whenever it is exact.
    if (this.enc === WINDOWS_1252 && this.handle === 0) {
      const text = windows1252Latin1(bytes);
      if (text !== null) return text;
    }
    if (this.handle === 0 && !stream) {
      // Other single-byte encodings: natively where that is exact (it builds these strings
      // faster than wasm plus a copy out can).
      if (this.enc >= FIRST_SINGLE_BYTE && this.enc <= LAST_SINGLE_BYTE && (this.flags & FATAL) === 0) {
        const native = nativeSingleByte(this.enc, LOWER_NAMES[this.enc], decodeOnce);
        if (native !== null) return decodeWhole(native, bytes, LOWER_NAMES[this.enc]);
      }
      if (bytes.length <= CHUNK) return decodeOnce(bytes, this.enc, this.flags);
    }
    const W = wasm();
    if (this.handle === 0) {
      this.handle = W.decoder_new(this.enc, this.flags);
      decoderRegistry.register(this, this.handle, this);
    }
    W.decoder_start(this.handle, stream);
    let text = '';
    for (let start = 0; ; start += CHUNK) {
      const last = start + CHUNK >= bytes.length;
      const n = W.decoder_decode(this.handle, putBytes(bytes.subarray(start, start + CHUNK)), last);
      if (n < 0) {
        this.release();
        throw fatalError(LOWER_NAMES[this.enc]);
      }
      text += takeString(n);
      if (last) break;
    }
    if (!stream) this.release();
    return text;
  }

  // A call by a native decoder: a shared one from `shared` (by flags) for whole calls, else this
  // stream's own.
  decodeNative(shared, label, bytes, stream) {
    if (this.native === null && !stream) return decodeWhole(shared[this.flags], bytes, label);
    // Natives may refuse views on shared memory.
    const input = isShared(bytes) ? bytes.slice() : bytes;
    this.native ??= newNative(label, this.flags);
    try {
      const text = this.native.decode(input, { stream });
      if (!stream) this.native = null;
      return text;
    } catch {
      this.native = null;
      throw fatalError(label);
    }
  }

  // Frees the wasm decoder: the next call starts afresh, as the standard's would.
  release() {
    if (this.handle !== 0) {
      decoderRegistry.unregister(this);
      wasm().decoder_free(this.handle);
      this.handle = 0;
    }
  }
}

// A whole decode of `bytes` (at most CHUNK) in wasm.
function decodeOnce(bytes, enc, flags = 0) {
  const n = wasm().decode_once(enc, flags, putBytes(bytes));
  if (n < 0) throw fatalError(LOWER_NAMES[enc]);
  return takeString(n);
}

// A whole decode() call by a shared native decoder, which starts afresh each time. Some natives
// refuse views on shared memory: those get a copy (checked only then, as reading `buffer` costs).
function decodeWhole(native, bytes, name) {
  try {
    return native.decode(bytes);
  } catch {
    // A fatal error, or a refused shared view.
  }
  if (isShared(bytes)) {
    try {
      return native.decode(bytes.slice());
    } catch {
      // A fatal error.
    }
  }
  throw fatalError(name);
}

// TextDecoderOptions, and the constructor steps shared with TextDecoderStream (§ 7.2, § 7.5).
// WebIDL converts both arguments before the constructor steps look the label up. `shared`: the
// state shared by encoding and flags (see above), else a new one.
export function newDecoderState(label, options, what, shared = false) {
  const l = label === undefined ? 'utf-8' : typeof label === 'string' ? label : toDOMString(label);
  let flags = 0;
  if (options !== undefined) {
    const { fatal, ignoreBOM } = toDictionary(options, OPTIONS, what);
    flags = (fatal ? FATAL : 0) | (ignoreBOM ? IGNORE_BOM : 0);
  }
  const enc = encodingForLabel(l, what, false);
  if (!shared) return new DecoderState(enc, flags);
  const key = (enc << 2) | flags;
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
    if (!(#state in this)) throw illegalInvocation('TextDecoder.encoding');
    return LOWER_NAMES[this.#state.enc];
  }

  get fatal() {
    if (!(#state in this)) throw illegalInvocation('TextDecoder.fatal');
    return (this.#state.flags & FATAL) !== 0;
  }

  get ignoreBOM() {
    if (!(#state in this)) throw illegalInvocation('TextDecoder.ignoreBOM');
    return (this.#state.flags & IGNORE_BOM) !== 0;
  }

  decode(input = undefined, options = undefined) {
    if (!(#state in this)) throw illegalInvocation('TextDecoder.decode');
    const bytes = input === undefined ? EMPTY_BYTES : toBytes(input, DECODE);
    const stream = options === undefined ? false : toDictionary(options, STREAM, DECODE).stream;
    let state = this.#state;
    if (stream && state.shared) this.#state = state = new DecoderState(state.enc, state.flags);
    return state.decode(bytes, stream);
  }
}
defineInterface(TextDecoder, 'TextDecoder');
