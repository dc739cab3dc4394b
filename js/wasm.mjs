// The bridge to the wasm exports (src/wasm/): input is copied into scratch buffers in linear
// memory, output read from there. Only numbers cross the boundary.

import { utf16ToString, stringToUtf16, nodeView, readableUnits } from './strings.mjs';

// Bytes per wasm call: big inputs go through in pieces, so memory stays bounded.
export const CHUNK = 1 << 21;

const EMPTY_VIEW = new Uint8Array(0);
let W = null;
let memory = null;
let heap8 = EMPTY_VIEW;
let heap16 = null;
let heap32 = null;
let out16At = 0; // index in heap32 of where the last decode's output starts
let heapNode = null;
let inPtr = 0;
let inCap = 0;

// Encoding numbers are the standard's order (src/encoding.rs).
export const UTF8 = 0;
export const WINDOWS_1252 = 21;
// The single-byte encodings (§ 9) are numbers FIRST_SINGLE_BYTE to LAST_SINGLE_BYTE.
export const FIRST_SINGLE_BYTE = 1;
export const LAST_SINGLE_BYTE = 28;
export const REPLACEMENT = 36;
export const UTF16BE = 37;
export const UTF16LE = 38;
export const FATAL = 1;
export const IGNORE_BOM = 2;
export const PLAIN = 4;

// Names and groups, read once from the core.
export const NAMES = [];
export const LOWER_NAMES = [];
export const TABLE = [];

export function bindWasm(exports) {
  if (W !== null) return;
  W = exports;
  out16At = (W.output16_at() >>> 0) >>> 2;
  const text = String.fromCharCode(...takeBytes(W.describe_encodings()));
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [heading, name, hasEncoder, labels] = line.split('\t');
    NAMES.push(name);
    LOWER_NAMES.push(name.toLowerCase());
    TABLE.push({ heading, name, hasEncoder: hasEncoder === '1', labels: labels.split(' ') });
  }
}

export function wasm() {
  return W;
}

// Views over wasm memory, made again after it grows (which detaches the old buffer).
function refresh() {
  if (heap8.length === 0) {
    memory = W.memory.buffer;
    heap8 = new Uint8Array(memory);
    heap16 = new Uint16Array(memory);
    heap32 = new Uint32Array(memory);
    heapNode = nodeView(memory);
  }
}

// Copies `bytes` (at most CHUNK, possibly shared memory) into the input buffer.
export function putBytes(bytes) {
  const len = bytes.length;
  if (len > inCap) {
    inPtr = W.input8(len) >>> 0;
    inCap = len;
  }
  refresh();
  if (len < 16) {
    for (let i = 0; i < len; i++) heap8[inPtr + i] = bytes[i];
  } else {
    heap8.set(bytes, inPtr);
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
  if (n === 0) return '';
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
  return heap8.slice(ptr, ptr + n);
}

// The last call's extra results (see src/wasm/buffers.rs).
export function result(i) {
  refresh();
  return new Uint32Array(memory, W.results() >>> 0, 4)[i];
}

const labelCache = new Map();

// get an encoding (§ 4.2): the encoding number for `label` (already a string), or -1.
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
    putBytes(bytes);
    enc = W.label_lookup(bytes.length);
  }
  if (labelCache.size < 512) labelCache.set(label, enc);
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

// A FinalizationRegistry that frees wasm state an object dropped mid-stream still holds.
export function freeingRegistry(free) {
  return typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((handle) => free(handle))
    : { register() {}, unregister() {} };
}
