// TextEncoder (§ 7.4): UTF-8 by the native encoder where it is exact, else by the core.

import { toDOMString, isUint8Array, isShared, illegalInvocation, defineInterface } from './webidl.mjs';
import { CHUNK, UTF8, wasm, putUnits, takeBytes, result } from './wasm.mjs';
import { nativeEncoder, nativeEncodeInto, nativeEncodeIntoShared } from './natives.mjs';
import { encodeIntoUtf8 } from './strings.mjs';

// UTF-8 encode of a string through the core, in pieces; a leading surrogate ending a piece is
// carried into the next.
export function coreEncodeUtf8(s) {
  const W = wasm();
  if (s.length <= CHUNK) return takeBytes(W.encode_once(UTF8, false, putUnits(s, 0, s.length)));
  const e = W.encoder_new(UTF8, false);
  const parts = [];
  let start = 0;
  while (start < s.length) {
    const end = Math.min(start + CHUNK, s.length);
    parts.push(takeBytes(W.encoder_encode(e, putUnits(s, start, end), end === s.length)));
    start += result(0);
  }
  W.encoder_free(e);
  return concatBytes(parts);
}

export function concatBytes(parts) {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function encodeUtf8(s) {
  return nativeEncoder !== null ? nativeEncoder.encode(s) : coreEncodeUtf8(s);
}

export class TextEncoder {
  #brand = true;

  get encoding() {
    if (!(#brand in this)) throw illegalInvocation('TextEncoder.encoding');
    return 'utf-8';
  }

  encode(input = undefined) {
    if (!(#brand in this)) throw illegalInvocation('TextEncoder.encode');
    return encodeUtf8(input === undefined ? '' : toDOMString(input));
  }

  encodeInto(source, destination) {
    if (!(#brand in this)) throw illegalInvocation('TextEncoder.encodeInto');
    const what = "Failed to execute 'encodeInto' on 'TextEncoder'";
    // WebIDL counts the arguments passed, not their values.
    // biome-ignore lint/complexity/noArguments: the count is what WebIDL checks
    const given = arguments.length;
    if (given < 2) {
      throw new TypeError(`${what}: 2 arguments required, but only ${given} present.`);
    }
    const s = toDOMString(source);
    if (!isUint8Array(destination)) throw new TypeError(`${what}: parameter 2 is not of type 'Uint8Array'.`);
    let length;
    try {
      length = destination.length;
    } catch {
      length = 0;
    }
    if (length === 0) return { read: 0, written: 0 };
    if (nativeEncodeInto && (nativeEncodeIntoShared || !isShared(destination))) {
      return nativeEncoder.encodeInto(s, destination);
    }
    return encodeIntoUtf8(s, destination);
  }
}
defineInterface(TextEncoder, 'TextEncoder');
