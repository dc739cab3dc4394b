// The converter's pipeline: bytes in one encoding → TextDecoder (streaming) → LegacyEncoder
// (streaming) → bytes in another, one chunk at a time, so memory stays constant whatever the size.
// With --fatal, a second decoder follows one chunk behind the first: when the first stops at an
// error, the second has the state from just before that chunk and locates the byte offset where
// the malformed sequence starts. The encoder's own error gives the unencodable character's index.

import { display } from './display.mjs';

export class ConversionError extends Error {}

// Bytes of the previous chunk the trailing decoder holds back, so that locating an error starts
// before any sequence that began in the previous chunk (sequences are at most 4 bytes long).
const HELD = 16;

const BOMS = { 'UTF-8': [0xef, 0xbb, 0xbf], 'UTF-16LE': [0xff, 0xfe], 'UTF-16BE': [0xfe, 0xff] };

// ISO-2022-JP's escape sequences (https://encoding.spec.whatwg.org/#iso-2022-jp-decoder): they
// produce no text, so locating an error also counts the end of one as the end of a sequence.
const ESCAPES = new Set(['1b2842', '1b284a', '1b2449', '1b2440', '1b2442']);
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

const codePoint = (cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

// How many of an input's first bytes choose its encoding, for `from` values that are not names:
// 'auto', the standard's decode hook (a BOM, then `fallback`); 'html', the HTML Standard's
// encoding sniffing algorithm (a BOM, the <meta> prescan of the first 1024 bytes, an XML
// declaration, then `fallback`); 'detect', encoding-wasm/detect's guess from the first 64 KiB.
const SNIFFED = { auto: 3, html: 1024, detect: 65536 };

/**
 * Decodes one input's chunks (an async iterable of Uint8Array) to strings. `from` is an encoding
 * name, 'auto', 'html' or 'detect' (see SNIFFED; the last two need `detect`, encoding-wasm/detect).
 */
export async function* decodeInput(lib, chunks, { from, fallback, fatal, name, detect }) {
  let decoder = null;
  let trailing = null; // the decoder one chunk behind (fatal only)
  let held = new Uint8Array(0); // the bytes `trailing` has not been given yet
  let heldAt = 0; // their offset in the input
  let encoding = from;
  let head = [];
  let headLength = 0;
  let offset = 0; // of the current chunk
  let failure = null; // the error to throw once the text before it is out

  // `ended`: `first` is the whole input.
  const start = (first, ended) => {
    if (from === 'auto') encoding = lib.decode(first.subarray(0, 3), fallback).encoding;
    if (from === 'detect') {
      const detector = new detect.Detector();
      detector.feed(first, { last: ended });
      encoding = detector.guess().encoding;
    }
    if (from === 'html') {
      encoding = detect.sniffHTML(first, { defaultEncoding: fallback }).encoding;
      // A <meta> may name it (iso-2022-kr, say): it has no text to convert.
      if (encoding === 'replacement') {
        throw new ConversionError(
          `${name}: declares an encoding whose content cannot be read (the replacement encoding)`,
        );
      }
    }
    decoder = new lib.TextDecoder(encoding, { fatal });
    if (fatal) trailing = new lib.TextDecoder(encoding, { fatal });
  };

  // One chunk through the decoder, with the trailing decoder brought up to this chunk's start.
  const step = (chunk, last) => {
    let text;
    try {
      text = decoder.decode(chunk, { stream: !last });
    } catch (e) {
      if (!(e instanceof TypeError) || !fatal) throw e;
      const [at, end, before] = locateMalformed(trailing, encoding, held, heldAt, chunk, last);
      const bytes = Array.from(concat(held, chunk).subarray(at - heldAt, end - heldAt), (b) => hex([b]));
      failure = new ConversionError(
        `${name}: malformed ${encoding} at byte ${at} (0x${at.toString(16)}), starting ${bytes.join(' ')}`,
      );
      return before;
    }
    if (fatal) {
      const all = concat(held, chunk);
      const keep = Math.min(HELD, all.length);
      trailing.decode(all.subarray(0, all.length - keep), { stream: true });
      held = all.slice(all.length - keep);
      heldAt = offset + chunk.length - keep;
    }
    offset += chunk.length;
    return text;
  };

  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    if (decoder === null) {
      // Sniffing needs its bytes, or the whole input if it is shorter.
      head.push(chunk);
      headLength += chunk.length;
      if (headLength < (SNIFFED[from] ?? 0)) continue;
      const first = concat(...head);
      head = [];
      start(first, false);
      const text = step(first, false);
      if (text !== '') yield text;
      if (failure) throw failure;
      continue;
    }
    const text = step(chunk, false);
    if (text !== '') yield text;
    if (failure) throw failure;
  }
  if (decoder === null) start(concat(...head), true);
  const text = step(head.length ? concat(...head) : new Uint8Array(0), true);
  if (text !== '') yield text;
  if (failure) throw failure;
}

function concat(...parts) {
  return parts.length === 1 ? parts[0] : Buffer.concat(parts);
}

/**
 * Where the malformed sequence that stopped the decoder starts, where the decoder met the error
 * (the offset after the byte that failed, or the input's end), and the text of `chunk` before the
 * sequence: `trailing` has decoded the input up to `heldAt`; it is fed `held` and then `chunk` a
 * byte at a time until it fails. The sequence starts after the last byte that completed a
 * character (or an ISO-2022-JP escape sequence). Both offsets are the standard decoder's, so they
 * do not depend on how the input was cut into chunks.
 */
function locateMalformed(trailing, encoding, held, heldAt, chunk, last) {
  const bytes = concat(held, chunk);
  const bom = BOMS[encoding];
  let boundary = heldAt;
  if (heldAt === 0 && bom && bom.every((b, i) => bytes[i] === b)) boundary = bom.length;
  const one = new Uint8Array(1);
  let before = ''; // the decoder that failed gave out the text of `held` already
  let end = heldAt; // after the byte being decoded; at the flush, the input's end
  try {
    for (let i = 0; i < bytes.length; i++) {
      one[0] = bytes[i];
      const at = heldAt + i;
      end = at + 1;
      const text = trailing.decode(one, { stream: true });
      if (i >= held.length) before += text;
      if (text !== '') boundary = at + 1;
      else if (encoding === 'ISO-2022-JP' && ESCAPES.has(hex(bytes.subarray(boundary - heldAt, i + 1))))
        boundary = at + 1;
    }
    if (last) trailing.decode();
  } catch {
    return [boundary, end, before];
  }
  // Not reproduced: the decoders disagree, which the package's chunking guarantee rules out.
  throw new Error('internal error: the malformed sequence could not be located');
}

/**
 * Texts (see encodeTexts) with each line repaired by `repair` (encoding-wasm/detect): a line is
 * held until its end, so memory grows with the longest line only.
 */
export async function* repairLines(texts, repair) {
  let line = '';
  for await (const text of texts) {
    if (text === null) {
      if (line !== '') yield repair(line).text;
      line = '';
      yield null;
      continue;
    }
    const cut = text.lastIndexOf('\n');
    if (cut < 0) {
      line += text;
      continue;
    }
    const lines = (line + text.slice(0, cut)).split('\n');
    line = text.slice(cut + 1);
    yield `${lines.map((l) => repair(l).text).join('\n')}\n`;
  }
  if (line !== '') yield repair(line).text;
}

/** Where a character is in its input's text: code points, lines and columns, each from 1. */
class Position {
  chars = 1;
  line = 1;
  column = 1;

  /** Moves past `s`, whose surrogates all come in pairs (decoded text always does). */
  advance(s) {
    for (let i = 0; i < s.length; i++) {
      const u = s.charCodeAt(i);
      if (u >= 0xdc00 && u <= 0xdfff) continue;
      this.chars++;
      this.column++;
      if (u === 0x0a) {
        this.line++;
        this.column = 1;
      }
    }
  }
}

/**
 * Encodes texts (an async iterable of strings, with `null` before each input's) to bytes in
 * `to`. With `fatal`, an unencodable character ends the output after the bytes before it, with a
 * ConversionError naming it and its position in its input. Whatever stops the conversion (that,
 * malformed input, an unreadable file), the output then ends as the encoder ends its input
 * (ISO-2022-JP returns to ASCII), and the error is returned, not thrown: the consumer takes every
 * byte before it, then throws it.
 */
export async function* encodeTexts(lib, texts, { to, fatal, names }) {
  const encoder = new lib.LegacyEncoder(to, { fatal });
  let input = -1;
  let position = null;
  let fed = 0; // code units given to the encoder, which counts its errors' indexes from its start
  let stopped = null; // the error that stopped the conversion, if one did
  try {
    for await (const text of texts) {
      if (text === null) {
        input++;
        position = new Position();
        continue;
      }
      let bytes;
      try {
        bytes = encoder.encode(text, { stream: true });
      } catch (e) {
        if (!fatal || !(e instanceof TypeError)) throw e;
        // A stream call keeps the encoder's state and gives the bytes before the character.
        if (e.bytes.length) yield e.bytes;
        throw unencodable(text, e.index - fed, position, to, names[input]);
      }
      fed += text.length;
      if (fatal) position.advance(text);
      if (bytes.length) yield bytes;
    }
  } catch (e) {
    stopped = e;
  }
  // Decoded text never ends in a lone surrogate, so ending the input only adds ISO-2022-JP's
  // escape back to ASCII, which cannot fail.
  const end = encoder.encode('');
  if (end.length) yield end;
  return stopped;
}

// The error for the character at `index` in `text`, named with its position in its input.
function unencodable(text, index, position, to, name) {
  const cp = text.codePointAt(index);
  position.advance(text.slice(0, index));
  const { chars, line, column } = position;
  return new ConversionError(
    `${name}: ${codePoint(cp)} ("${display(String.fromCodePoint(cp))}") at character ${chars} (line ${line}, column ${column}) cannot be encoded in ${to}`,
  );
}
