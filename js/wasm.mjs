// The bridge to the wasm modules (src/wasm/): input is copied into scratch buffers in a module's
// linear memory, output read from there; a stream's state is kept here as a number between calls,
// and the decode hook's and inspect()'s decoders over big inputs are instances of the module's
// class CoreTextDecoder, reached only through wasm-bindgen's handles. Only numbers cross the
// boundary.
//
// A module has the encodings of its Cargo features: the full one every encoding, the lite one
// UTF-8, UTF-16, the single-byte encodings and x-user-defined (and the table of labels), an
// add-on one family. Each entry binds the modules it loads (bindWasm); every encoding number is
// then served by the first bound module that has it.

import { EMPTY_BYTES, lengthOf, subBytes, setBytes } from './webidl.mjs';
import {
  U8,
  U16,
  U32,
  ArrayPrototypePush,
  MathCeil,
  JSONStringify,
  MapPrototypeGet,
  MapPrototypeGetSize,
  MapPrototypeSet,
  StringPrototypeCharCodeAt,
  StringPrototypeSlice,
  StringPrototypeToLowerCase,
  ArrayBufferPrototypeGetByteLength,
  WebAssemblyMemoryGetBuffer,
  WebAssemblyMemoryGrow,
} from './primordials.mjs';
import { nodeView } from './buffer.mjs';
export { CHUNK } from './pieces.mjs';
import { utf16ToString, stringToUtf16, readableUnits } from './strings.mjs';

// Encoding numbers (the standard's order) and flag bits, read from the first module with the
// table of encodings when it is bound: the Rust core is their one source.
export let UTF8 = -1;
export let WINDOWS_1252 = -1;
// The single-byte encodings (https://encoding.spec.whatwg.org/#legacy-single-byte-encodings) are
// numbers FIRST_SINGLE_BYTE to LAST_SINGLE_BYTE.
export let FIRST_SINGLE_BYTE = -1;
export let LAST_SINGLE_BYTE = -1;
export let REPLACEMENT = -1;
export let UTF16BE = -1;
export let UTF16LE = -1;
export let FATAL = 0;
export let IGNORE_BOM = 0;
export let PLAIN = 0;
export let INSPECT = 0;
export let FAILED = 0;

// Names and groups, read once from the core. TABLE[enc].module names the package entry that adds
// the encoding (`encoding-wasm/<module>`).
export const NAMES = [];
export const LOWER_NAMES = [];
export const TABLE = [];
// Every label, to its encoding number.
const LABELS = new Map();

// One instantiated module: its exports (W), its classes and views of its memory.
class Module {
  constructor(instance) {
    if (typeof instance?.CoreTextDecoder !== 'function' || typeof instance.exports?.memory !== 'object') {
      throw new Error("encoding-wasm: bindWasm() needs what the glue's instantiate(module) returns.");
    }
    const exports = instance.exports;
    this.W = exports;
    this.CoreTextDecoder = instance.CoreTextDecoder;
    this.memory = null;
    this.heap8 = EMPTY_BYTES;
    this.heap16 = null;
    this.heap32 = null;
    this.heapNode = null;
    this.inPtr = 0;
    this.inCap = 0;
    this.out16At = (exports.output16_at() >>> 0) >>> 2; // index in heap32 of where the last decode's output starts
    this.resultsAt = (exports.results() >>> 0) >>> 2; // index in heap32 of the last call's extra results
    this.busy = false; // a call is between its first copy in and its last read out (see enter)
  }

  // Starts a call's use of the scratch buffers, which ends with `busy = false` first thing in a
  // `finally` (a store, not a call, which a stack overflow could stop: the module would stay busy
  // for good). Another call on this module before then could only come from user code run in the
  // middle (a patched built-in not captured in primordials.mjs): it is refused, so that it cannot
  // overwrite the running call's input, output or results.
  enter() {
    if (this.busy) {
      throw new TypeError(
        'encoding-wasm: called while another call on the same WebAssembly module is still running (from user code that call ran); refused.',
      );
    }
    this.busy = true;
  }

  // The memory's current ArrayBuffer, and growing it, by WebAssembly.Memory's methods as captured.
  buffer() {
    return WebAssemblyMemoryGetBuffer(this.W.memory);
  }

  grow(pages) {
    WebAssemblyMemoryGrow(this.W.memory, pages);
  }

  // Views over wasm memory, made again after it grows (which detaches the old buffer).
  refresh() {
    if (lengthOf(this.heap8) === 0) {
      const memory = this.buffer();
      this.memory = memory;
      this.heap8 = new U8(memory);
      this.heap16 = new U16(memory);
      this.heap32 = new U32(memory);
      this.heapNode = nodeView(memory);
    }
  }

  // Copies bytes start..end of the Uint8Array `bytes` (at most CHUNK; possibly shared memory)
  // into the input buffer, and returns how many. The length comes from the view's slot, so the
  // copy is exactly what was allocated.
  putBytes(bytes, start = 0, end = lengthOf(bytes)) {
    const len = end - start;
    if (len > this.inCap) {
      this.inPtr = this.W.input8(len) >>> 0;
      this.inCap = len;
    }
    this.refresh();
    const heap8 = this.heap8;
    const inPtr = this.inPtr;
    if (len < 16) {
      for (let i = 0; i < len; i++) heap8[inPtr + i] = bytes[start + i];
    } else {
      setBytes(heap8, start === 0 && end === lengthOf(bytes) ? bytes : subBytes(bytes, start, end), inPtr);
    }
    return len;
  }

  // Copies code units start..end of `s` into the UTF-16 input buffer.
  putUnits(s, start, end) {
    const ptr = (this.W.input16(end - start) >>> 0) >>> 1;
    this.refresh();
    stringToUtf16(s, start, end, this.heap16, this.heapNode, ptr);
    return end - start;
  }

  // The string of the last call's `n` UTF-16 code units of output.
  takeString(n) {
    if (n <= 0) return checked(n, '');
    this.refresh();
    const ptr = this.heap32[this.out16At] >>> 1;
    // Room to read past the output for the external-string path, made once (memory is reused).
    const short = 2 * (ptr + readableUnits(n)) - ArrayBufferPrototypeGetByteLength(this.memory);
    if (short > 0) {
      this.grow(MathCeil(short / 65536));
      this.refresh();
    }
    return utf16ToString(this.heap16, this.heapNode, ptr, n);
  }

  // A copy of the last call's `n` bytes of output.
  takeBytes(n) {
    const ptr = this.W.output8() >>> 0;
    this.refresh();
    const out = new U8(checked(n, n));
    setBytes(out, new U8(this.memory, ptr, n), 0);
    return out;
  }

  // The last call's extra results (see src/wasm/buffers.rs).
  result(i) {
    this.refresh();
    return this.heap32[this.resultsAt + i];
  }
}

// A module compiled to JavaScript (wasm2js): its memory grows into a new ArrayBuffer and leaves
// the old one attached, so the views are checked against the current buffer. Its memory object's
// `buffer` and `grow` are its own, out of user code's reach.
class JsModule extends Module {
  refresh() {
    if (this.memory !== this.W.memory.buffer) this.heap8 = EMPTY_BYTES;
    super.refresh();
  }

  buffer() {
    return this.W.memory.buffer;
  }

  grow(pages) {
    this.W.memory.grow(pages);
  }
}

// The first bound module with the table of encodings (lite or full): labels, BOM sniffing, UTF-8.
let base = null;
// The module serving each encoding number.
const byEncoding = [];
// Modules bound before the base: they get their encodings once the table is known.
const waiting = [];
// Loaders by module name, run the first time one of its encodings is asked for (see bindLater).
const loaders = new Map();

// Binds an instantiated module, what glue.mjs's instantiate(module) returns: { exports,
// CoreTextDecoder }. Its encodings are served by it unless an earlier module has them.
export function bindWasm(instance) {
  const m = instance?.wasm2js === true ? new JsModule(instance) : new Module(instance);
  if (base === null && typeof m.W.describe_encodings === 'function') {
    base = m;
    readTable(m);
  }
  ArrayPrototypePush(waiting, m);
  if (base !== null) {
    for (let i = 0; i < waiting.length; i++) serve(waiting[i]);
    waiting.length = 0;
  }
}

// Registers `load`, a function that binds module `name` synchronously (Node reading it from disk):
// it runs the first time one of that module's encodings is asked for (by then user code may have
// replaced built-ins: the Map's methods as captured).
export function bindLater(name, load) {
  MapPrototypeSet(loaders, name, load);
}

function serve(m) {
  for (let enc = 0; enc < TABLE.length; enc++) {
    if (byEncoding[enc] === undefined && m.W.has_encoding(enc)) byEncoding[enc] = m;
  }
}

function readTable(m) {
  const W = m.W;
  W.flag_bits();
  FATAL = m.result(0);
  IGNORE_BOM = m.result(1);
  PLAIN = m.result(2);
  INSPECT = m.result(3);
  FAILED = m.result(4) | 0;
  const length = W.describe_encodings();
  FIRST_SINGLE_BYTE = m.result(0);
  LAST_SINGLE_BYTE = m.result(1);
  const text = String.fromCharCode.apply(null, m.takeBytes(length));
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [heading, name, hasEncoder, module, labels] = line.split('\t');
    NAMES.push(name);
    LOWER_NAMES.push(name.toLowerCase());
    const list = labels.split(' ');
    for (const label of list) MapPrototypeSet(LABELS, label, TABLE.length);
    TABLE.push({ heading, name, hasEncoder: hasEncoder === '1', module, labels: list });
  }
  UTF8 = NAMES.indexOf('UTF-8');
  WINDOWS_1252 = NAMES.indexOf('windows-1252');
  REPLACEMENT = NAMES.indexOf('replacement');
  UTF16BE = NAMES.indexOf('UTF-16BE');
  UTF16LE = NAMES.indexOf('UTF-16LE');
}

// Why no module could be bound (see fallback.mjs), or null.
let failure = null;

// Records why the entry could bind no module: every API then throws an Error saying so.
export function bindFailed(message, cause) {
  failure = { message, cause };
}

export function loadFailure() {
  return base === null ? failure : null;
}

// Every API checks this first: without the module nothing works, and the caller is told why.
export function ready() {
  if (base === null) {
    if (failure !== null) throw new Error(failure.message, { cause: failure.cause });
    throw new Error('encoding-wasm: the WebAssembly module is not instantiated (see bindWasm).');
  }
}

// The base module: the table of labels, BOM sniffing and UTF-8.
export function baseModule() {
  return base;
}

// Every bound module serving an encoding (for diagnostics and tests: memory use).
export function boundModules() {
  return [...new Set(byEncoding)].filter((m) => m !== undefined);
}

// The module serving encoding number `enc`, or null: a module with a loader is loaded first.
export function moduleOf(enc) {
  const m = byEncoding[enc];
  if (m !== undefined) return m;
  const load = MapPrototypeGet(loaders, TABLE[enc].module);
  if (load === undefined) return null;
  load();
  MapPrototypeSet(loaders, TABLE[enc].module, undefined);
  return byEncoding[enc] ?? null;
}

// FAILED (read from the core, src/wasm/info.rs): what a decoding or encoding export returns for a
// fatal error, where it would return a count. Any other negative count is a bug on this side (see
// checked).

// `value`, unless the count `n` is negative: what the module returns for a bug on this side (-3:
// a length beyond its buffer).
function checked(n, value) {
  if (n < 0) throw new Error(`encoding-wasm: internal error ${n}.`);
  return value;
}

const labelCache = new Map();

// TAB, LF, FF, CR and SPACE: https://infra.spec.whatwg.org/#ascii-whitespace
function isAsciiWhitespace(c) {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
}

// Whether `s` could be a label: every label is at most 64 characters of printable ASCII, without
// spaces (so a string with a non-ASCII character matches none).
function couldBeLabel(s) {
  if (s.length > 64) return false;
  for (let i = 0; i < s.length; i++) {
    const c = StringPrototypeCharCodeAt(s, i);
    if (c < 0x21 || c > 0x7e) return false;
  }
  return true;
}

// get an encoding (https://encoding.spec.whatwg.org/#concept-encoding-get): the encoding number for
// `label` (already a string), or -1. Short labels are cached (a bounded number, each at most 64
// characters).
export function labelToEncoding(label) {
  let enc = MapPrototypeGet(labelCache, label);
  if (enc !== undefined) return enc;
  // ASCII whitespace stripped from both ends by a scan (linear in the label's length, whatever
  // it holds): the one trim.
  let start = 0;
  let end = label.length;
  while (start < end && isAsciiWhitespace(StringPrototypeCharCodeAt(label, start))) start++;
  while (end > start && isAsciiWhitespace(StringPrototypeCharCodeAt(label, end - 1))) end--;
  const trimmed = StringPrototypeSlice(label, start, end);
  // Matched ASCII case-insensitively (labels are ASCII lowercase).
  enc = couldBeLabel(trimmed) ? (MapPrototypeGet(LABELS, StringPrototypeToLowerCase(trimmed)) ?? -1) : -1;
  if (label.length <= 64 && MapPrototypeGetSize(labelCache) < 512) MapPrototypeSet(labelCache, label, enc);
  return enc;
}

// The encoding for a label already converted to a string, with a RangeError for failure: an
// unknown label, or (unless `loaded` is false) an encoding no bound module has.
export function encodingForLabel(l, what, allowReplacement, loaded = true) {
  const enc = labelToEncoding(l);
  if (enc < 0 || (enc === REPLACEMENT && !allowReplacement)) {
    const shown = l.length > 64 ? `${StringPrototypeSlice(l, 0, 64)}…` : l;
    throw new RangeError(`${what}: the encoding label ${JSONStringify(shown)} is not supported.`);
  }
  return loaded ? loadedEncoding(enc, what) : enc;
}

// `enc`, with a RangeError naming the import that adds it if no bound module has it.
export function loadedEncoding(enc, what) {
  if (moduleOf(enc) === null) {
    const { name, module } = TABLE[enc];
    throw new RangeError(
      `${what}: the ${name} encoding is not loaded: import 'encoding-wasm/${module}' (or the full 'encoding-wasm') to add it.`,
    );
  }
  return enc;
}
