// TextEncoder (https://encoding.spec.whatwg.org/#interface-textencoder): UTF-8 by the native
// encoder where it is exact, else by the core.

import {
  toDOMString,
  toUint8Array,
  lengthOf,
  isShared,
  isObject,
  illegalInvocation,
  defineInterface,
  requireArguments,
  setBytes,
} from './webidl.mjs';
import { CHUNK, UTF8, ready, baseModule } from './wasm.mjs';
import {
  nativeEncoder,
  nativeEncodeInto,
  nativeEncodeIntoShared,
  nativeEncode,
  nativeEncodeIntoUtf8,
} from './natives.mjs';
import { U8, ArrayPrototypePush } from './primordials.mjs';
import { encodeIntoUtf8 } from './strings.mjs';
import { pieceEnd } from './pieces.mjs';

// UTF-8 encode of a string through the core, in pieces; a leading surrogate ending a piece is
// carried into the next.
export function coreEncodeUtf8(s) {
  const m = baseModule();
  m.enter();
  try {
    // UTF-8's encoder keeps no state: each piece starts from a new one's (0).
    if (s.length <= CHUNK) return m.takeBytes(m.W.encode_saved(UTF8, false, 0, m.putUnits(s, 0, s.length), true));
    const parts = [];
    let start = 0;
    while (start < s.length) {
      const end = pieceEnd(start, s.length);
      ArrayPrototypePush(
        parts,
        m.takeBytes(m.W.encode_saved(UTF8, false, 0, m.putUnits(s, start, end), end === s.length)),
      );
      start += m.result(0);
    }
    return concatBytes(parts);
  } finally {
    m.busy = false;
  }
}

export function concatBytes(parts) {
  if (parts.length === 1) return parts[0];
  let length = 0;
  for (let i = 0; i < parts.length; i++) length += lengthOf(parts[i]);
  const out = new U8(length);
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    setBytes(out, parts[i], at);
    at += lengthOf(parts[i]);
  }
  return out;
}

export function encodeUtf8(s) {
  const native = nativeEncoder();
  return native !== null ? nativeEncode(native, s) : coreEncodeUtf8(s);
}

export class TextEncoder {
  #brand = true;

  constructor() {
    ready();
  }

  get encoding() {
    if (!isObject(this) || !(#brand in this)) throw illegalInvocation('TextEncoder.encoding');
    return 'utf-8';
  }

  encode(input = undefined) {
    if (!isObject(this) || !(#brand in this)) throw illegalInvocation('TextEncoder.encode');
    return encodeUtf8(input === undefined ? '' : toDOMString(input));
  }

  encodeInto(source, destination) {
    if (!isObject(this) || !(#brand in this)) throw illegalInvocation('TextEncoder.encodeInto');
    const what = "Failed to execute 'encodeInto' on 'TextEncoder'";
    // biome-ignore lint/complexity/noArguments: the count is what WebIDL checks
    requireArguments(arguments.length, 2, what);
    const s = toDOMString(source);
    // The view's own length (its slot, 0 once detached), whatever its properties say.
    const dest = toUint8Array(destination, what);
    if (dest === null) throw new TypeError(`${what}: parameter 2 is not of type 'Uint8Array'.`);
    const length = lengthOf(dest);
    if (length === 0) return { read: 0, written: 0 };
    if (nativeEncodeInto() && (nativeEncodeIntoShared() || !isShared(dest)))
      return nativeEncodeIntoUtf8(nativeEncoder(), s, dest);
    return encodeIntoUtf8(s, dest, length);
  }
}
defineInterface(TextEncoder, 'TextEncoder');
