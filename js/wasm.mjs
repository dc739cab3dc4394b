// The bridge to the wasm module (src/wasm/): input is copied into scratch buffers in linear
// memory, output read from there; streaming state lives in instances of the module's classes
// (CoreTextDecoder, CoreEncoder), reached only through wasm-bindgen's handles.
// Only numbers cross the boundary.

import { EMPTY_BYTES, lengthOf, subBytes, setBytes } from './webidl.mjs';
import { utf16ToString, stringToUtf16, nodeView, readableUnits } from './strings.mjs';

// Bytes per wasm call: big inputs go through in pieces, so memory stays bounded.
export const CHUNK = 1 << 21;

let W = null;
let memory = null;
let heap8 = EMPTY_BYTES;
let heap16 = null;
let heap32 = null;
let out16At = 0; // index in heap32 of where the last decode's output starts
let resultsAt = 0; // index in heap32 of the last call's extra results
let heapNode = null;
let inPtr = 0;
let inCap = 0;

// The module's classes (wasm-bindgen's wrappers; see src/wasm/).
export let CoreTextDecoder = null;
export let CoreEncoder = null;

// Encoding numbers (the standard's order) and flag bits, read from the module when it is bound:
// the Rust core is their one source.
export let UTF8 = -1;
export let WINDOWS_1252 = -1;
// The single-byte encodings (§ 9) are numbers FIRST_SINGLE_BYTE to LAST_SINGLE_BYTE.
export let FIRST_SINGLE_BYTE = -1;
export let LAST_SINGLE_BYTE = -1;
export let REPLACEMENT = -1;
export let UTF16BE = -1;
export let UTF16LE = -1;
export let FATAL = 0;
export let IGNORE_BOM = 0;
export let PLAIN = 0;
export let INSPECT = 0;

// Names and groups, read once from the core.
export const NAMES = [];
export const LOWER_NAMES = [];
export const TABLE = [];

// Binds the instantiated module: `exports` its exports, `glue` wasm-bindgen's JS module (for the
// classes).
export function bindWasm(exports, glue) {
  if (W !== null) return;
  if (typeof glue?.CoreTextDecoder !== 'function') {
    throw new Error('encoding-wasm: bindWasm(exports, glue) needs the glue module.');
  }
  W = exports;
  // Plain assignments, not destructuring: some bundlers (Turbopack) miss a destructuring
  // assignment to an exported binding and inline its initial value.
  CoreTextDecoder = glue.CoreTextDecoder;
  CoreEncoder = glue.CoreEncoder;
  out16At = (W.output16_at() >>> 0) >>> 2;
  resultsAt = (W.results() >>> 0) >>> 2;
  W.flag_bits();
  FATAL = result(0);
  IGNORE_BOM = result(1);
  PLAIN = result(2);
  INSPECT = result(3);
  const text = String.fromCharCode(...takeBytes(W.describe_encodings()));
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [heading, name, hasEncoder, labels] = line.split('\t');
    NAMES.push(name);
    LOWER_NAMES.push(name.toLowerCase());
    TABLE.push({ heading, name, hasEncoder: hasEncoder === '1', labels: labels.split(' ') });
  }
  UTF8 = NAMES.indexOf('UTF-8');
  WINDOWS_1252 = NAMES.indexOf('windows-1252');
  const singleByte = TABLE.map((e) => e.heading === 'Legacy single-byte encodings');
  FIRST_SINGLE_BYTE = singleByte.indexOf(true);
  LAST_SINGLE_BYTE = singleByte.lastIndexOf(true);
  REPLACEMENT = NAMES.indexOf('replacement');
  UTF16BE = NAMES.indexOf('UTF-16BE');
  UTF16LE = NAMES.indexOf('UTF-16LE');
}

// Every API checks this first: without the module nothing works, and the caller is told why.
export function ready() {
  if (W === null) {
    throw new Error('encoding-wasm: the WebAssembly module is not instantiated (see bindWasm).');
  }
}

export function wasm() {
  return W;
}

// Views over wasm memory, made again after it grows (which detaches the old buffer).
function refresh() {
  if (lengthOf(heap8) === 0) {
    memory = W.memory.buffer;
    heap8 = new Uint8Array(memory);
    heap16 = new Uint16Array(memory);
    heap32 = new Uint32Array(memory);
    heapNode = nodeView(memory);
  }
}

// Copies bytes start..end of the Uint8Array `bytes` (at most CHUNK; possibly shared memory) into
// the input buffer, and returns how many. The length comes from the view's slot, so the copy is
// exactly what was allocated.
export function putBytes(bytes, start = 0, end = lengthOf(bytes)) {
  const len = end - start;
  if (len > inCap) {
    inPtr = W.input8(len) >>> 0;
    inCap = len;
  }
  refresh();
  if (len < 16) {
    for (let i = 0; i < len; i++) heap8[inPtr + i] = bytes[start + i];
  } else {
    setBytes(heap8, start === 0 && end === lengthOf(bytes) ? bytes : subBytes(bytes, start, end), inPtr);
  }
  return len;
}

// Copies code units start..end of `s` into the UTF-16 input buffer.
export function putUnits(s, start, end) {
  const ptr = (W.input16(end - start) >>> 0) >>> 1;
  refresh();
  stringToUtf16(s, start, end, heap16, heapNode, ptr);
  return end - start;
}

// The string of the last call's `n` UTF-16 code units of output.
export function takeString(n) {
  if (n <= 0) return checked(n, '');
  refresh();
  const ptr = heap32[out16At] >>> 1;
  // Room to read past the output for the external-string path, made once (memory is reused).
  const short = 2 * (ptr + readableUnits(n)) - memory.byteLength;
  if (short > 0) {
    W.memory.grow(Math.ceil(short / 65536));
    refresh();
  }
  return utf16ToString(heap16, heapNode, ptr, n);
}

// A copy of the last call's `n` bytes of output.
export function takeBytes(n) {
  const ptr = W.output8() >>> 0;
  refresh();
  const out = new Uint8Array(checked(n, n));
  setBytes(out, new Uint8Array(memory, ptr, n), 0);
  return out;
}

// The last call's extra results (see src/wasm/buffers.rs).
export function result(i) {
  refresh();
  return heap32[resultsAt + i];
}

// `value`, unless the count `n` is negative: what the module returns for a bug on this side (-3:
// a length beyond its buffer).
function checked(n, value) {
  if (n < 0) throw new Error(`encoding-wasm: internal error ${n}.`);
  return value;
}

// A string over the engine's maximum length (a RangeError as the engine's own, with a clear
// message): every decoding path gives this one.
export function tooLong() {
  return new RangeError('The decoded text is too long for a JavaScript string.');
}

// `a + b`, with tooLong() for a result over the maximum length.
export function concat(a, b) {
  try {
    return a + b;
  } catch {
    throw tooLong();
  }
}

const labelCache = new Map();

// get an encoding (§ 4.2): the encoding number for `label` (already a string), or -1. Short
// labels are cached (a bounded number, each at most 64 characters).
export function labelToEncoding(label) {
  let enc = labelCache.get(label);
  if (enc !== undefined) return enc;
  const trimmed = label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
  enc = -1;
  // Every label is short; a longer string (after the core's trimming) cannot match.
  if (trimmed.length <= 64) {
    const bytes = new Uint8Array(trimmed.length);
    for (let i = 0; i < trimmed.length; i++) {
      const c = trimmed.charCodeAt(i);
      bytes[i] = c < 0x80 ? c : 0xff;
    }
    enc = W.label_lookup(putBytes(bytes));
  }
  if (label.length <= 64 && labelCache.size < 512) labelCache.set(label, enc);
  return enc;
}

// The encoding for a label already converted to a string, with a RangeError for failure.
export function encodingForLabel(l, what, allowReplacement) {
  const enc = labelToEncoding(l);
  if (enc < 0 || (enc === REPLACEMENT && !allowReplacement)) {
    const shown = l.length > 64 ? `${l.slice(0, 64)}…` : l;
    throw new RangeError(`${what}: the encoding label ${JSON.stringify(shown)} is not supported.`);
  }
  return enc;
}
