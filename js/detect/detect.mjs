// detect(bytes, options) and Detector: guessing the encoding of unlabeled bytes with the Rust
// core's detector (src/detect/, in a wasm module of its own: bind.mjs). A detector's state is kept
// here, as the bytes the core saves it as (src/detect/state.rs), so that the module keeps none for
// it between calls: each call copies it into the module's input buffer (the module restores its
// one detector from it: src/wasm/detect.rs), followed by bytes of input in pieces of at most CHUNK
// (so memory stays bounded whatever the input's length) or by the top-level domain; a feed's new
// state comes back from the output buffer, and so does a guess, as 8-byte records: the encoding's
// number in the standard's order, then its confidence (u32, f32, little-endian).

import { encodings } from '../index.mjs';
import { CHUNK, pieceEnd } from '../pieces.mjs';
import {
  defineInterface,
  illegalInvocation,
  isObject,
  lengthOf,
  requireArguments,
  setBytes,
  subBytes,
  copyBytes,
  toBytes,
  toDOMString,
} from '../webidl.mjs';
import {
  ArrayPrototypePush,
  DV,
  DataViewPrototypeGetUint32,
  JSONStringify,
  MathFloor,
  StringPrototypeCharCodeAt,
  StringFromCharCode,
  StringPrototypeSlice,
  U8,
  WebAssemblyMemoryGetBuffer,
  uncurryThis,
} from '../primordials.mjs';
import { detectorInstance } from './bind.mjs';

const DataViewPrototypeGetFloat32 = uncurryThis(DataView.prototype.getFloat32);

// The encodings' names in the standard's order (the numbers the detector gives), read once.
let names = null;
function nameOf(enc) {
  if (names === null) {
    const list = [];
    const groups = encodings();
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g].encodings;
      for (let i = 0; i < group.length; i++) ArrayPrototypePush(list, group[i].name);
    }
    names = list;
  }
  if (!(enc < names.length)) throw new Error(`encoding-wasm/detect: internal error (encoding ${enc}).`);
  return names[enc];
}

// The module's memory, as it is now (it may have grown since the last call). wasm.mjs's modules
// read theirs alike (Module#buffer), but importing a shared helper from there would copy wasm.mjs's
// imports (buffer.node.mjs's Buffer probes, run at load) into require()'s detect.cjs, which takes
// only index.mjs from api.cjs.
function memoryOf(instance) {
  const memory = instance.exports.memory;
  return instance.wasm2js === true ? memory.buffer : WebAssemblyMemoryGetBuffer(memory);
}

function checked(status) {
  if (status < 0) throw new Error(`encoding-wasm/detect: internal error ${status}.`);
  return status;
}

// A new detector's state (a Uint8Array of its own), the bytes read from the module once.
let initial = null;
function newState(instance) {
  if (initial === null) {
    const W = instance.exports;
    const length = W.detector_new();
    initial = copyBytes(new U8(memoryOf(instance), W.output8() >>> 0, length));
  }
  return copyBytes(initial);
}

// Room for the detector's state `state` then `length` bytes in the module's input buffer, the
// state copied there: where those bytes go.
function putState(instance, state, length) {
  const ptr = instance.exports.input8(lengthOf(state) + length) >>> 0;
  setBytes(new U8(memoryOf(instance)), state, ptr);
  return ptr + lengthOf(state);
}

// Feeds bytes 0..length of the Uint8Array `input` to the detector whose state is `state`, in
// pieces, updating `state`; `last` ends the input (with the last piece, or alone for an empty
// input).
function feedAll(instance, state, input, length, last) {
  const W = instance.exports;
  let start = 0;
  do {
    const end = pieceEnd(start, length, CHUNK);
    const ptr = putState(instance, state, end - start);
    if (end > start) setBytes(new U8(memoryOf(instance)), subBytes(input, start, end), ptr);
    checked(W.detector_feed(lengthOf(state), end - start, last && end === length));
    setBytes(state, new U8(memoryOf(instance), W.output8() >>> 0, lengthOf(state)), 0);
    start = end;
  } while (start < length);
}

// The ranked guess of the detector whose state is `state`, as the API gives it. The confidences
// are normalized in double precision and rounded down to multiples of 2^-24, so that they add up
// to at most 1 exactly (the core's f32 ones may exceed it by a rounding error).
function guessOf(instance, state, { allowUTF8, tld }) {
  const W = instance.exports;
  const ptr = putState(instance, state, tld.length);
  const heap = new U8(memoryOf(instance));
  for (let i = 0; i < tld.length; i++) heap[ptr + i] = StringPrototypeCharCodeAt(tld, i);
  const count = checked(W.detector_guess(lengthOf(state), tld.length, allowUTF8));
  const view = new DV(memoryOf(instance), W.output8() >>> 0, count * 8);
  let total = 0;
  for (let i = 0; i < count; i++) total += DataViewPrototypeGetFloat32(view, i * 8 + 4, true);
  const ranked = [];
  for (let i = 0; i < count; i++) {
    const confidence = DataViewPrototypeGetFloat32(view, i * 8 + 4, true);
    ArrayPrototypePush(ranked, {
      encoding: nameOf(DataViewPrototypeGetUint32(view, i * 8, true)),
      confidence: total > 0 ? MathFloor((confidence / total) * 2 ** 24) / 2 ** 24 : 0,
    });
  }
  const alternatives = [];
  for (let i = 1; i < ranked.length; i++) ArrayPrototypePush(alternatives, ranked[i]);
  return { encoding: ranked[0].encoding, confidence: ranked[0].confidence, alternatives };
}

// The top-level domain: a DNS label (ASCII letters, digits, hyphens; at most 63) made ASCII
// lower case; '' for none.
function toTld(value, what) {
  const s = toDOMString(value);
  let out = '';
  if (s.length > 63) throw tldError(s, what);
  for (let i = 0; i < s.length; i++) {
    const c = StringPrototypeCharCodeAt(s, i);
    const lower = c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
    if (!((lower >= 0x61 && lower <= 0x7a) || (lower >= 0x30 && lower <= 0x39) || lower === 0x2d)) {
      throw tldError(s, what);
    }
    out += StringFromCharCode(lower);
  }
  return out;
}

function tldError(s, what) {
  const shown = s.length > 64 ? `${StringPrototypeSlice(s, 0, 64)}…` : s;
  return new TypeError(
    `${what}: the tld option ${JSONStringify(shown)} is not a domain label (ASCII letters, digits and hyphens, at most 63), such as 'jp'.`,
  );
}

// The options dictionary { allowUTF8 = true, tld } as WebIDL converts it: members read once, in
// lexicographic order; others ignored.
function guessOptions(options, what) {
  if (options !== undefined && options !== null && !isObject(options)) {
    throw new TypeError(`${what}: the options argument is not an object.`);
  }
  const allow = options == null ? undefined : options.allowUTF8;
  const tld = options == null ? undefined : options.tld;
  return { allowUTF8: allow === undefined ? true : !!allow, tld: tld === undefined ? '' : toTld(tld, what) };
}

const WHAT = "Failed to execute 'detect'";

export function detect(bytes, options = undefined) {
  // biome-ignore lint/complexity/noArguments: the count is what WebIDL checks
  requireArguments(arguments.length, 1, WHAT);
  const input = toBytes(bytes, WHAT);
  const opts = guessOptions(options, WHAT);
  return detectBytes(input, opts);
}

// detect() over `input` (a Uint8Array already converted), its length read now; `whole`: the input
// ends there (else it goes on, as sniffHTML's first 1024 bytes of a longer page do).
export function detectBytes(input, opts, whole = true) {
  const instance = detectorInstance();
  const state = newState(instance);
  feedAll(instance, state, input, lengthOf(input), whole);
  return guessOf(instance, state, opts);
}

export class Detector {
  // Its state (src/detect/state.rs): the module keeps nothing for it between calls, so a detector
  // dropped costs no wasm memory, with or without a FinalizationRegistry.
  #state;
  #ended = false;

  constructor() {
    this.#state = newState(detectorInstance());
  }

  // Reads the next bytes of the input; `{ last: true }` says they end it (a UTF-8 sequence cut at
  // the end then rules UTF-8 out), after which nothing more can be fed.
  feed(bytes, options = undefined) {
    const what = "Failed to execute 'feed' on 'Detector'";
    if (!isObject(this) || !(#state in this)) throw illegalInvocation('Detector.feed');
    // biome-ignore lint/complexity/noArguments: the count is what WebIDL checks
    requireArguments(arguments.length, 1, what);
    const input = toBytes(bytes, what);
    if (options !== undefined && options !== null && !isObject(options)) {
      throw new TypeError(`${what}: the options argument is not an object.`);
    }
    const last = options == null ? false : !!options.last;
    if (this.#ended) throw new TypeError(`${what}: the input has ended (fed with { last: true }).`);
    feedAll(detectorInstance(), this.#state, input, lengthOf(input), last);
    this.#ended = last;
  }

  // The guess over the bytes fed so far, as detect() gives it.
  guess(options = undefined) {
    const what = "Failed to execute 'guess' on 'Detector'";
    if (!isObject(this) || !(#state in this)) throw illegalInvocation('Detector.guess');
    return guessOf(detectorInstance(), this.#state, guessOptions(options, what));
  }
}
defineInterface(Detector, 'Detector');
