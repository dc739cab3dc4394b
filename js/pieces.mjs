// Big inputs go through the wasm modules (and natives) in pieces, so that memory stays bounded.
// These helpers say where each piece ends and join the pieces' text; they call no built-in that
// user code could have replaced, so no user code runs between the pieces of a call.

// Bytes (or code units) per wasm call.
export const CHUNK = 1 << 21;

// The end of the piece that starts at `start` of an input that ends at `length`, pieces being
// `size` long.
export function pieceEnd(start, length, size = CHUNK) {
  // Stryker disable next-line EqualityOperator: `>=` is equivalent (at length - start === size both give length).
  return length - start > size ? start + size : length;
}

// `a + b`. A string over the engine's maximum length is a RangeError as the engine's own, with a
// clear message: every decoding path gives this one.
export function concat(a, b) {
  try {
    return a + b;
  } catch {
    throw new RangeError('The decoded text is too long for a JavaScript string.');
  }
}

// The text of input units from..to in pieces of `size`: `piece(start, end, last)` gives each
// piece's string (one piece, empty, where from === to), and these are joined in order.
export function joinPieces(from, to, size, piece) {
  let text = '';
  for (let start = from; ; start += size) {
    const end = pieceEnd(start, to, size);
    text = concat(text, piece(start, end, end === to));
    if (end === to) return text;
  }
}
