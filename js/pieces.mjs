// Big inputs go through the wasm modules in pieces, so that memory stays bounded. One helper says
// where each piece ends; it calls no built-in that user code could have replaced, so no user code
// runs between the pieces of a call.

// Bytes (or code units) per wasm call.
export const CHUNK = 1 << 21;

// The end of the piece that starts at `start` of an input of `length`, pieces being `size` long.
export function pieceEnd(start, length, size = CHUNK) {
  // Stryker disable next-line EqualityOperator: `>=` is equivalent (at length - start === size both give length).
  return length - start > size ? start + size : length;
}
