// Which bytes make each character: for decoded text, by feeding a streaming TextDecoder one byte
// at a time (a character is complete at the byte whose call returns it), with malformed sequences
// placed where inspect() says they are.

const BOMS = { 'UTF-8': [0xef, 0xbb, 0xbf], 'UTF-16LE': [0xff, 0xfe], 'UTF-16BE': [0xfe, 0xff] };

// ISO-2022-JP's escape sequences (https://encoding.spec.whatwg.org/#iso-2022-jp-decoder) produce no
// text: the character after one is made of its own bytes only.
const ESCAPES = ['1b2842', '1b284a', '1b2449', '1b2440', '1b2442'];
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * @typedef {{ t0: number, t1: number, b0: number, b1: number, error?: boolean }} Span
 * Code units [t0, t1) of the text come from bytes [b0, b1).
 */

/**
 * The spans of `bytes` decoded as TextDecoder(encoding, { ignoreBOM }) does; `errors` are
 * inspect()'s. `complete` says whether `bytes` is the whole input (then its end is decoded too).
 * @returns {Span[] | null} null where TextDecoder refuses the encoding (replacement)
 */
export function decodeSpans(lib, bytes, encoding, { ignoreBOM, errors, complete }) {
  let decoder;
  try {
    decoder = new lib.TextDecoder(encoding, { ignoreBOM });
  } catch {
    return null;
  }
  const errorAt = new Map(errors.map((e) => [e.textIndex, e]));
  const spans = [];
  const bom = BOMS[encoding];
  let boundary = !ignoreBOM && bom?.every((b, i) => bytes[i] === b) ? bom.length : 0;
  let t = 0;
  const take = (out, end) => {
    let start = boundary;
    for (const ch of out) {
      const e = errorAt.get(t);
      if (e) {
        spans.push({ t0: t, t1: t + 1, b0: e.byteStart, b1: Math.max(e.byteEnd, e.byteStart + 1), error: true });
        start = Math.max(start, e.byteEnd);
      } else {
        spans.push({ t0: t, t1: t + ch.length, b0: Math.min(start, end - 1), b1: end });
      }
      t += ch.length;
    }
    boundary = end;
  };
  const one = new Uint8Array(1);
  for (let i = 0; i < bytes.length; i++) {
    one[0] = bytes[i];
    const out = decoder.decode(one, { stream: true });
    if (out !== '') take(out, i + 1);
    else if (encoding === 'ISO-2022-JP' && ESCAPES.includes(hex(bytes.subarray(boundary, i + 1)))) boundary = i + 1;
  }
  if (complete) {
    const out = decoder.decode();
    if (out !== '') take(out, bytes.length);
  }
  return spans;
}

/**
 * The spans of `text` encoded by encode.js's analyse(): its units, each a code point with its
 * bytes.
 */
export function encodeSpans(units) {
  return units.map((u) => ({ t0: u.index, t1: u.index + u.length, b0: u.byteStart, b1: u.byteEnd }));
}
