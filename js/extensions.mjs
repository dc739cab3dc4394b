// Extensions beyond the standard's JS API: the legacy encoders (§ 4.1 html/fatal error modes,
// § 6.1 encode), get an encoding (§ 4.2), the decode hook (§ 6.1), diagnostics and the table of
// encodings. Documented in README.md and typed in js/index.d.ts.

import { EMPTY_BYTES, toDOMString, toDictionary, toBytes, illegalInvocation } from './webidl.mjs';
import {
  CHUNK,
  UTF8,
  UTF16BE,
  UTF16LE,
  PLAIN,
  IGNORE_BOM,
  NAMES,
  TABLE,
  wasm,
  putBytes,
  putUnits,
  takeString,
  takeBytes,
  result,
  labelToEncoding,
  encodingForLabel,
  freeingRegistry,
} from './wasm.mjs';
import { nativeEncoder } from './natives.mjs';
import { concatBytes } from './text-encoder.mjs';
import { utf16Bytes } from './strings.mjs';

const encoderRegistry = freeingRegistry((handle) => wasm().encoder_free(handle));

function encoderFor(l, what) {
  const enc = encodingForLabel(l, what, true);
  if (!TABLE[enc].hasEncoder && !NAMES[enc].startsWith('UTF-16')) {
    throw new RangeError(`${what}: the ${NAMES[enc]} encoding has no encoder.`);
  }
  return enc;
}

function unmappable(enc, index) {
  const c = result(1);
  const hex = c.toString(16).toUpperCase().padStart(4, '0');
  return new TypeError(
    `U+${hex} (${JSON.stringify(String.fromCodePoint(c))}) at index ${index} cannot be encoded in ${NAMES[enc]}.`,
  );
}

// Runs a wasm encoder over code units start..end of `s`: the bytes, or throws for an unmappable
// code point (`offset` is where `s` starts in the caller's input). Returns [bytes, units read].
function encodePiece(handle, enc, s, start, end, last, offset) {
  const W = wasm();
  const n = W.encoder_encode(handle, putUnits(s, start, end), last);
  const read = result(0);
  if (n < 0) throw unmappable(enc, offset + start + read - (result(1) > 0xffff ? 2 : 1));
  return [takeBytes(n), read];
}

// A whole string of at most CHUNK code units, by an encoder on the wasm stack.
function encodeOnce(enc, html, s) {
  const n = wasm().encode_once(enc, html, putUnits(s, 0, s.length));
  if (n < 0) throw unmappable(enc, result(0) - (result(1) > 0xffff ? 2 : 1));
  return takeBytes(n);
}

// encode(input, label, { fatal }): `input` in `label`'s encoding; unmappable code points become
// `&#N;` unless fatal, where they throw a TypeError naming the code point and its index.
export function encode(input, label, options = undefined) {
  const what = "Failed to execute 'encode'";
  const s = toDOMString(input);
  const l = toDOMString(label);
  const { fatal } = toDictionary(options, ['fatal'], what);
  const enc = encoderFor(l, what);
  if (enc === UTF8 && nativeEncoder !== null) return nativeEncoder.encode(s);
  if (enc === UTF16LE || enc === UTF16BE) {
    // Every code point maps, so fatal changes nothing.
    const bytes = utf16Bytes(s, enc === UTF16BE);
    if (bytes !== null) return bytes;
  }
  if (s.length <= CHUNK) return encodeOnce(enc, !fatal, s);
  const W = wasm();
  const handle = W.encoder_new(enc, !fatal);
  try {
    const parts = [];
    for (let start = 0; start < s.length; ) {
      const end = Math.min(start + CHUNK, s.length);
      const [bytes, read] = encodePiece(handle, enc, s, start, end, end === s.length, 0);
      parts.push(bytes);
      start += read;
    }
    return concatBytes(parts);
  } finally {
    W.encoder_free(handle);
  }
}

// getEncoding(label): the standard's name of the label's encoding, or null.
export function getEncoding(label) {
  const enc = labelToEncoding(toDOMString(label));
  return enc < 0 ? null : NAMES[enc];
}

// decode(bytes, fallbackLabel): the decode hook (§ 6.1): a BOM picks the encoding and is skipped,
// else the fallback is used; errors become U+FFFD.
export function decode(bytes, fallbackLabel = 'utf-8') {
  const what = "Failed to execute 'decode'";
  const input = toBytes(bytes, what);
  let enc = encodingForLabel(toDOMString(fallbackLabel), what, true);
  const W = wasm();
  const sniffed = W.bom_sniff(putBytes(input.subarray(0, 3)));
  let rest = input;
  if (sniffed >= 0) {
    enc = sniffed >> 8;
    rest = input.subarray(sniffed & 0xff);
  }
  if (rest.length <= CHUNK)
    return { text: takeString(W.decode_once(enc, PLAIN, putBytes(rest))), encoding: NAMES[enc] };
  const handle = W.decoder_new(enc, PLAIN);
  let text = '';
  for (let start = 0; start < rest.length; start += CHUNK) {
    const last = start + CHUNK >= rest.length;
    text += takeString(W.decoder_decode(handle, putBytes(rest.subarray(start, start + CHUNK)), last));
  }
  W.decoder_free(handle);
  return { text, encoding: NAMES[enc] };
}

const STREAM_MEMBER = ['stream'];

// A streaming legacy encoder: state (ISO-2022-JP's mode, a leading surrogate ending a chunk)
// carries across encode(chunk, { stream: true }) calls; a call without stream ends the input.
export class LegacyEncoder {
  #enc;
  #html;
  #state = { handle: 0 };
  #pending = '';

  constructor(label, options = undefined) {
    const what = "Failed to construct 'LegacyEncoder'";
    const l = toDOMString(label);
    this.#html = !toDictionary(options, ['fatal'], what).fatal;
    this.#enc = encoderFor(l, what);
  }

  get encoding() {
    if (!(#enc in this)) throw illegalInvocation('LegacyEncoder.encoding');
    return NAMES[this.#enc];
  }

  get fatal() {
    if (!(#enc in this)) throw illegalInvocation('LegacyEncoder.fatal');
    return !this.#html;
  }

  encode(input = '', options = undefined) {
    if (!(#enc in this)) throw illegalInvocation('LegacyEncoder.encode');
    const chunk = toDOMString(input);
    const stream =
      options === undefined
        ? false
        : toDictionary(options, STREAM_MEMBER, "Failed to execute 'encode' on 'LegacyEncoder'").stream;
    const state = this.#state;
    // A whole input with no state from earlier calls: nothing to keep in wasm.
    if (!stream && this.#pending === '' && state.handle === 0) {
      if (this.#enc === UTF16LE || this.#enc === UTF16BE) {
        const bytes = utf16Bytes(chunk, this.#enc === UTF16BE);
        if (bytes !== null) return bytes;
      }
      if (chunk.length <= CHUNK) return encodeOnce(this.#enc, this.#html, chunk);
    }
    if (state.handle === 0) {
      state.handle = wasm().encoder_new(this.#enc, this.#html);
      encoderRegistry.register(state, state.handle, state);
    }
    const s = this.#pending + chunk;
    const offset = -this.#pending.length;
    this.#pending = '';
    const parts = [];
    try {
      let start = 0;
      do {
        const end = Math.min(start + CHUNK, s.length);
        const last = end === s.length;
        const [bytes, read] = encodePiece(state.handle, this.#enc, s, start, end, last && !stream, offset);
        parts.push(bytes);
        start += read;
        if (last && start < end) {
          this.#pending = s.slice(start);
          break;
        }
      } while (start < s.length);
    } catch (e) {
      this.#release();
      throw e;
    }
    if (!stream) this.#release();
    return parts.length === 0 ? EMPTY_BYTES.slice() : concatBytes(parts);
  }

  #release() {
    const state = this.#state;
    if (state.handle !== 0) {
      encoderRegistry.unregister(state);
      wasm().encoder_free(state.handle);
      state.handle = 0;
    }
    this.#pending = '';
  }
}

// inspect(bytes, label, { ignoreBOM, sniffBOM }): the decoded text with each malformed
// sequence's byte range and the index of its U+FFFD in the text.
export function inspect(bytes, label, options = undefined) {
  const what = "Failed to execute 'inspect'";
  const input = toBytes(bytes, what);
  const l = toDOMString(label);
  const { ignoreBOM, sniffBOM } = toDictionary(options, ['ignoreBOM', 'sniffBOM'], what);
  const enc = encodingForLabel(l, what, true);
  const W = wasm();
  const n = W.inspect(enc, (ignoreBOM ? IGNORE_BOM : 0) | (sniffBOM ? PLAIN : 0), putBytes(input));
  const text = takeString(n);
  const count = result(0);
  const used = result(1);
  const raw = new DataView(takeBytes(count * 12).buffer);
  const errors = [];
  for (let at = 0; at < count * 12; at += 12) {
    errors.push({
      byteStart: raw.getUint32(at, true),
      byteEnd: raw.getUint32(at + 4, true),
      textIndex: raw.getUint32(at + 8, true),
    });
  }
  return { text, encoding: NAMES[used], errors };
}

// encodings(): the standard's table of encodings, by group, from the core.
export function encodings() {
  const groups = [];
  for (const { heading, name, hasEncoder, labels } of TABLE) {
    if (groups.length === 0 || groups[groups.length - 1].heading !== heading) groups.push({ heading, encodings: [] });
    groups[groups.length - 1].encodings.push({ name, labels: labels.slice(), hasEncoder });
  }
  return groups;
}
