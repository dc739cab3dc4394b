// Extensions beyond the standard's JS API: the legacy encoders (encode,
// https://encoding.spec.whatwg.org/#encode, in error mode "html" or "fatal",
// https://encoding.spec.whatwg.org/#error-mode), get an encoding
// (https://encoding.spec.whatwg.org/#concept-encoding-get), the decode hook
// (https://encoding.spec.whatwg.org/#decode), diagnostics and the table of encodings. Documented in
// docs/api.md and typed in js/index.d.ts.

import {
  toDOMString,
  toDictionary,
  toBytes,
  lengthOf,
  isObject,
  illegalInvocation,
  reentered,
  requireArguments,
} from './webidl.mjs';
import {
  CHUNK,
  UTF8,
  UTF16BE,
  UTF16LE,
  PLAIN,
  IGNORE_BOM,
  INSPECT,
  NAMES,
  TABLE,
  FAILED,
  ready,
  baseModule,
  moduleOf,
  labelToEncoding,
  encodingForLabel,
  loadedEncoding,
} from './wasm.mjs';
import { nativeEncoder, nativeEncode } from './natives.mjs';
import {
  ArrayPrototypePush,
  DataViewPrototypeGetByteLength,
  DataViewPrototypeGetUint32,
  JSONStringify,
  MathFloor,
  NumberPrototypeToString,
  StringFromCodePoint,
  StringPrototypePadStart,
  StringPrototypeSlice,
  StringPrototypeToUpperCase,
  TypedArrayPrototypeGetBuffer,
  TypedArrayPrototypeGetLength,
  U32,
  DV,
} from './primordials.mjs';
import { concatBytes } from './text-encoder.mjs';
import { utf16Bytes } from './buffer.mjs';
import { joinPieces, pieceEnd } from './pieces.mjs';

function encoderFor(l, what) {
  const enc = encodingForLabel(l, what, true);
  if (!TABLE[enc].hasEncoder && enc !== UTF16BE && enc !== UTF16LE) {
    throw new RangeError(`${what}: the ${NAMES[enc]} encoding has no encoder.`);
  }
  return enc;
}

// The TypeError of a fatal encode: names the code point and its `index` in the whole input, and
// carries the `bytes` produced before it (see docs/api.md: LegacyEncoder).
// (Built while a call holds the module: by built-ins as captured at load.)
function unmappable(enc, index, codePoint, bytes) {
  const hex = StringPrototypePadStart(StringPrototypeToUpperCase(NumberPrototypeToString(codePoint, 16)), 4, '0');
  const e = new TypeError(
    `U+${hex} (${JSONStringify(StringFromCodePoint(codePoint))}) at index ${index} cannot be encoded in ${NAMES[enc]}.`,
  );
  e.index = index;
  e.codePoint = codePoint;
  e.bytes = bytes;
  return e;
}

// After an encode_saved call returned FAILED: the unmappable code point's error, `parts` (the output of
// earlier pieces) and the bytes written before it; `at` is where the piece started in the whole
// input.
function unmappableHere(m, enc, parts, at) {
  const c = m.result(1);
  const read = m.result(0);
  ArrayPrototypePush(parts, m.takeBytes(m.result(2)));
  return unmappable(enc, at + read - (c > 0xffff ? 2 : 1), c, concatBytes(parts));
}

// A whole string of at most CHUNK code units, by an encoder on the wasm stack.
function encodeOnce(enc, html, s) {
  const m = moduleOf(enc);
  m.enter();
  try {
    const n = m.W.encode_saved(enc, html, 0, m.putUnits(s, 0, s.length), true);
    if (n === FAILED) throw unmappableHere(m, enc, [], 0);
    return m.takeBytes(n);
  } finally {
    m.busy = false;
  }
}

// encode(input, label, { fatal }): `input` in `label`'s encoding; unmappable code points become
// `&#N;` unless fatal, where they throw a TypeError naming the code point and its index.
export function encode(input, label, options = undefined) {
  const what = "Failed to execute 'encode'";
  // biome-ignore lint/complexity/noArguments: the count is what WebIDL checks
  requireArguments(arguments.length, 2, what);
  ready();
  const s = toDOMString(input);
  const l = toDOMString(label);
  const { fatal } = toDictionary(options, ['fatal'], what);
  const enc = encoderFor(l, what);
  const native = enc === UTF8 ? nativeEncoder() : null;
  if (native !== null) return nativeEncode(native, s);
  if (enc === UTF16LE || enc === UTF16BE) {
    // Every code point maps, so fatal changes nothing.
    const bytes = utf16Bytes(s, enc === UTF16BE);
    if (bytes !== null) return bytes;
  }
  if (s.length <= CHUNK) return encodeOnce(enc, !fatal, s);
  const m = moduleOf(enc);
  m.enter();
  try {
    const parts = [];
    let saved = 0; // the encoder's state between pieces
    for (let start = 0; start < s.length; ) {
      const end = pieceEnd(start, s.length);
      const n = m.W.encode_saved(enc, !fatal, saved, m.putUnits(s, start, end), end === s.length);
      if (n === FAILED) throw unmappableHere(m, enc, parts, start);
      ArrayPrototypePush(parts, m.takeBytes(n));
      saved = m.result(3);
      start += m.result(0);
    }
    return concatBytes(parts);
  } finally {
    m.busy = false;
  }
}

// getEncoding(label): the standard's name of the label's encoding, or null.
export function getEncoding(label) {
  // biome-ignore lint/complexity/noArguments: the count is what WebIDL checks
  requireArguments(arguments.length, 1, "Failed to execute 'getEncoding'");
  ready();
  const enc = labelToEncoding(toDOMString(label));
  return enc < 0 ? null : NAMES[enc];
}

// BOM sniff (https://encoding.spec.whatwg.org/#bom-sniff) by the base module, which has UTF-8 and
// UTF-16: `encoding << 8 | BOM length`, or -1.
function bomSniff(input, length) {
  const b = baseModule();
  b.enter();
  try {
    return b.W.bom_sniff(b.putBytes(input, 0, pieceEnd(0, length, 3)));
  } finally {
    b.busy = false;
  }
}

// decode(bytes, fallbackLabel): the decode hook (https://encoding.spec.whatwg.org/#decode): a BOM
// picks the encoding and is skipped, else the fallback is used; errors become U+FFFD.
export function decode(bytes, fallbackLabel = 'utf-8') {
  const what = "Failed to execute 'decode'";
  // biome-ignore lint/complexity/noArguments: the count is what WebIDL checks
  requireArguments(arguments.length, 1, what);
  ready();
  const input = toBytes(bytes, what);
  // The fallback's module is needed only where no BOM picks UTF-8 or UTF-16.
  let enc = encodingForLabel(toDOMString(fallbackLabel), what, true, false);
  const length = lengthOf(input);
  const sniffed = bomSniff(input, length);
  let start = 0;
  if (sniffed >= 0) {
    enc = sniffed >> 8;
    start = sniffed & 0xff;
  }
  const m = moduleOf(loadedEncoding(enc, what));
  m.enter();
  if (length - start <= CHUNK) {
    try {
      return {
        text: m.takeString(m.W.decode_once(enc, PLAIN, m.putBytes(input, start, length))),
        encoding: NAMES[enc],
      };
    } finally {
      m.busy = false;
    }
  }
  let d;
  try {
    d = m.CoreTextDecoder.create(enc, PLAIN);
    const text = joinPieces(start, length, CHUNK, (at, end, last) =>
      m.takeString(d.decode(m.putBytes(input, at, end), last)),
    );
    return { text, encoding: NAMES[enc] };
  } finally {
    m.busy = false;
    d?.free();
  }
}

const STREAM_MEMBER = ['stream'];

// A streaming legacy encoder: state (ISO-2022-JP's mode, a leading surrogate ending a chunk)
// carries across encode(chunk, { stream: true }) calls; a call without stream ends the input. A
// fatal error in a streaming call leaves the encoder where it stopped (docs/api.md: LegacyEncoder). Each
// call runs on an encoder on the wasm stack; between calls the state is the number the core saves
// it as, kept here, so an encoder dropped mid-stream holds no wasm memory.
export class LegacyEncoder {
  #enc;
  #html;
  #saved = -1; // the core's saved encoder state while the input is in progress, else -1
  #pending = ''; // a leading surrogate that ended the last chunk
  #position = 0; // the index in the whole input of what the next call reads first
  #busy = false; // a call is running

  constructor(label, options = undefined) {
    const what = "Failed to construct 'LegacyEncoder'";
    // biome-ignore lint/complexity/noArguments: the count is what WebIDL checks
    requireArguments(arguments.length, 1, what);
    ready();
    const l = toDOMString(label);
    this.#html = !toDictionary(options, ['fatal'], what).fatal;
    this.#enc = encoderFor(l, what);
  }

  get encoding() {
    if (!isObject(this) || !(#enc in this)) throw illegalInvocation('LegacyEncoder.encoding');
    return NAMES[this.#enc];
  }

  get fatal() {
    if (!isObject(this) || !(#enc in this)) throw illegalInvocation('LegacyEncoder.fatal');
    return !this.#html;
  }

  encode(input = '', options = undefined) {
    if (!isObject(this) || !(#enc in this)) throw illegalInvocation('LegacyEncoder.encode');
    const chunk = toDOMString(input);
    const stream =
      options === undefined
        ? false
        : toDictionary(options, STREAM_MEMBER, "Failed to execute 'encode' on 'LegacyEncoder'").stream;
    if (this.#busy) throw reentered("Failed to execute 'encode' on 'LegacyEncoder'");
    this.#busy = true;
    try {
      return this.#encode(chunk, stream);
    } finally {
      this.#busy = false;
    }
  }

  #encode(chunk, stream) {
    const enc = this.#enc;
    // A whole input with no state from earlier calls: nothing to keep in wasm.
    if (!stream && this.#pending === '' && this.#saved < 0) {
      if (enc === UTF16LE || enc === UTF16BE) {
        const bytes = utf16Bytes(chunk, enc === UTF16BE);
        if (bytes !== null) return bytes;
      }
      if (chunk.length <= CHUNK) return encodeOnce(enc, this.#html, chunk);
    }
    const m = moduleOf(enc);
    if (this.#saved < 0) this.#saved = 0;
    const s = this.#pending + chunk;
    const at = this.#position - this.#pending.length;
    this.#pending = '';
    m.enter();
    try {
      const parts = [];
      let start = 0;
      do {
        const end = pieceEnd(start, s.length);
        const last = end === s.length;
        const n = m.W.encode_saved(enc, this.#html, this.#saved, m.putUnits(s, start, end), last && !stream);
        if (n >= FAILED) this.#saved = m.result(3); // the state after the call (else a bug: takeBytes throws)
        if (n === FAILED) {
          // A stream goes on after the unmappable code point (the rest of this chunk is not
          // read: pass it again); a final call ends the input. Settled before the error is made,
          // which nothing can then keep from happening.
          if (stream) this.#position = at + start + m.result(0);
          else this.#release();
          throw unmappableHere(m, enc, parts, at + start);
        }
        ArrayPrototypePush(parts, m.takeBytes(n));
        start += m.result(0);
        if (last && start < end) {
          this.#pending = StringPrototypeSlice(s, start);
          break;
        }
      } while (start < s.length);
      if (stream) this.#position = at + s.length;
      else this.#release();
      return concatBytes(parts);
    } finally {
      m.busy = false;
    }
  }

  #release() {
    this.#saved = -1;
    this.#pending = '';
    this.#position = 0;
  }
}

// inspect(bytes, label, { ignoreBOM, sniffBOM, maxErrors, compact }): the decoded text with each
// malformed sequence's byte range and the index of its U+FFFD in the text: the first `maxErrors`
// of them (10,000 unless asked; Infinity for all), with the count of all and whether some were left
// out; as objects, or with `compact` as three Uint32Arrays. In pieces of INSPECT_CHUNK bytes, so
// that wasm memory stays bounded however many errors there are.
const INSPECT_CHUNK = 1 << 18;
const MAX_ERRORS = 10_000;
export function inspect(bytes, label, options = undefined) {
  const what = "Failed to execute 'inspect'";
  // biome-ignore lint/complexity/noArguments: the count is what WebIDL checks
  requireArguments(arguments.length, 2, what);
  ready();
  const input = toBytes(bytes, what);
  const l = toDOMString(label);
  const { compact, ignoreBOM, limit, sniffBOM } = inspectOptions(options, what);
  // With sniffBOM, a BOM picks the encoding (and its module) before the label's is needed, and
  // that encoding's inspector drops it as TextDecoder drops its own; without one, there is none
  // to drop, so ignoreBOM changes nothing: the label's inspector could only drop a leading
  // U+FEFF of UTF-8, UTF-16BE or UTF-16LE, decoded only from that encoding's BOM, which
  // https://encoding.spec.whatwg.org/#bom-sniff would have found.
  const enc = encodingForLabel(l, what, true, !sniffBOM);
  const length = lengthOf(input);
  const sniffed = sniffBOM ? bomSniff(input, length) : -1;
  const first = sniffed >= 0 ? sniffed >> 8 : enc;
  const keepBOM = !sniffBOM && ignoreBOM;
  const m = moduleOf(loadedEncoding(first, what));
  m.enter();
  let r;
  try {
    r = m.CoreTextDecoder.create(first, INSPECT | (keepBOM ? IGNORE_BOM : 0));
    r.set_error_limit(limit);
    let used = enc;
    let total = 0;
    // Each piece's errors: the module's little-endian u32 triples (start, end, text index).
    const raw = [];
    const text = joinPieces(0, length, INSPECT_CHUNK, (start, end, last) => {
      const n = r.decode(m.putBytes(input, start, end), last);
      const count = m.result(0);
      used = m.result(1);
      total = m.result(2);
      if (count > 0) ArrayPrototypePush(raw, new DV(TypedArrayPrototypeGetBuffer(m.takeBytes(count * 12))));
      return m.takeString(n);
    });
    const errors = errorColumns(raw);
    const recorded = TypedArrayPrototypeGetLength(errors.byteStart);
    return {
      text,
      encoding: NAMES[used],
      errors: compact ? errors : errorObjects(errors),
      errorCount: total,
      truncated: total > recorded,
    };
  } finally {
    m.busy = false;
    r?.free();
  }
}

// inspect()'s options, a dictionary (members read once each, in order, as WebIDL does): booleans,
// and maxErrors, a number from 0 up or Infinity (the module counts in u32), as `limit`.
function inspectOptions(options, what) {
  toDictionary(options, [], what);
  const member = (name) => (options == null ? undefined : options[name]);
  const compact = Boolean(member('compact'));
  const ignoreBOM = Boolean(member('ignoreBOM'));
  const maxErrors = member('maxErrors');
  let limit = MAX_ERRORS;
  if (maxErrors !== undefined) {
    // ToNumber, as WebIDL converts a number: a BigInt or Symbol is a TypeError.
    const n = +maxErrors;
    if (!(n >= 0)) throw new RangeError(`${what}: maxErrors must be a number from 0 up, or Infinity.`);
    limit = n >= 0xffffffff ? 0xffffffff : MathFloor(n);
  }
  return { compact, ignoreBOM, limit, sniffBOM: Boolean(member('sniffBOM')) };
}

// The errors as objects, in order.
function errorObjects({ byteStart, byteEnd, textIndex }) {
  const list = [];
  for (let i = 0; i < TypedArrayPrototypeGetLength(byteStart); i++) {
    ArrayPrototypePush(list, { byteStart: byteStart[i], byteEnd: byteEnd[i], textIndex: textIndex[i] });
  }
  return list;
}

// The triples of `raw` as three Uint32Arrays, read little-endian whatever the platform's order.
function errorColumns(raw) {
  let count = 0;
  for (let i = 0; i < raw.length; i++) count += DataViewPrototypeGetByteLength(raw[i]) / 12;
  const columns = {
    byteStart: new U32(count),
    byteEnd: new U32(count),
    textIndex: new U32(count),
  };
  let k = 0;
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i];
    for (let at = 0; at < DataViewPrototypeGetByteLength(v); at += 12, k++) {
      columns.byteStart[k] = DataViewPrototypeGetUint32(v, at, true);
      columns.byteEnd[k] = DataViewPrototypeGetUint32(v, at + 4, true);
      columns.textIndex[k] = DataViewPrototypeGetUint32(v, at + 8, true);
    }
  }
  return columns;
}

// encodings(): the standard's table of encodings, by group, from the core. (Arrays read by index
// and made by push as captured, as in every call: no iterator, slice or species of the caller's.)
export function encodings() {
  ready();
  const groups = [];
  let group = null;
  for (let i = 0; i < TABLE.length; i++) {
    const { heading, name, hasEncoder, labels } = TABLE[i];
    if (group?.heading !== heading) {
      group = { heading, encodings: [] };
      ArrayPrototypePush(groups, group);
    }
    const copy = [];
    for (let j = 0; j < labels.length; j++) ArrayPrototypePush(copy, labels[j]);
    ArrayPrototypePush(group.encodings, { name, labels: copy, hasEncoder });
  }
  return groups;
}
