// Building JS strings from UTF-16 code units, and UTF-8 where no native encoder exists.

import { EXTERNAL, ucs2Slice, ucs2Write } from './buffer.mjs';
import { nativeUtf16 } from './natives.mjs';
import { joinPieces } from './pieces.mjs';
import {
  U16,
  ReflectApply,
  ObjectDefineProperty,
  StringFromCharCode as fromCharCode,
  StringPrototypeCharCodeAt as charCodeAt,
  StringPrototypeSlice as slice,
  TypedArrayPrototypeGetBuffer as bufferOf,
  TypedArrayPrototypeGetByteOffset as byteOffsetOf,
  TypedArrayPrototypeGetLength as lengthOf,
} from './primordials.mjs';
import { nativeDecode } from './natives.mjs';
const APPLY_MAX = 8192;

// Writes code units start..end of `s` to `heap16` from index `at`; `node` is nodeView(its buffer).
export function stringToUtf16(s, start, end, heap16, node, at) {
  if (node !== null && end - start > 16) {
    ucs2Write(node, start === 0 && end === s.length ? s : slice(s, start, end), 2 * at, 2 * (end - start));
    return;
  }
  for (let i = start, j = at; i < end; i++, j++) heap16[j] = charCodeAt(s, i);
}

// How many code units from the start of an output of `n` units utf16ToString reads at best.
export function readableUnits(n) {
  return n >= EXTERNAL >>> 1 && n < EXTERNAL ? EXTERNAL : n;
}

// fromCharCode with 8 or 16 arguments: one flat string from that many units of `h` at `p`.
// Up to 16 units this beats Buffer#ucs2Slice (a C++ call of about 45 ns in Node 20 whatever the
// length) and a loop of one-unit calls; measured in Node 20 on a whole decode() of 8 and 16 B:
// 1.4x-2.7x and 1.1x-1.25x faster. (A 32-argument call lost to ucs2Slice from 17 units on.)
function units8(h, p) {
  return fromCharCode(h[p], h[p + 1], h[p + 2], h[p + 3], h[p + 4], h[p + 5], h[p + 6], h[p + 7]);
}
function units16(h, p) {
  return fromCharCode(
    h[p],
    h[p + 1],
    h[p + 2],
    h[p + 3],
    h[p + 4],
    h[p + 5],
    h[p + 6],
    h[p + 7],
    h[p + 8],
    h[p + 9],
    h[p + 10],
    h[p + 11],
    h[p + 12],
    h[p + 13],
    h[p + 14],
    h[p + 15],
  );
}

// The string of `n` code units of `heap16` from index `start`; `node` is nodeView(its buffer).
export function utf16ToString(heap16, node, start, n) {
  // Short outputs: a fixed number of units (those past the output are read but cut off).
  if (n <= 16 && start + 16 <= lengthOf(heap16)) {
    const s = n <= 8 ? units8(heap16, start) : units16(heap16, start);
    return s.length === n ? s : slice(s, 0, n);
  }
  if (n <= 8) {
    let s = '';
    for (let i = start, end = start + n; i < end; i++) s += fromCharCode(heap16[i]);
    return s;
  }
  if (node !== null) {
    if (n >= EXTERNAL >>> 1 && n < EXTERNAL && 2 * (start + EXTERNAL) <= lengthOf(node)) {
      return slice(ucs2Slice(node, 2 * start, 2 * (start + EXTERNAL)), 0, n);
    }
    return ucs2Slice(node, 2 * start, 2 * (start + n));
  }
  // Without Buffer, up to 64 units: 16 at a time (an array-like argument list would be read through
  // its `length` getter, which user code can replace).
  if (n <= 64 && start + n + 16 <= lengthOf(heap16)) {
    let s = '';
    for (let p = start, end = start + n; p < end; p += 16) s += units16(heap16, p);
    return s.length === n ? s : slice(s, 0, n);
  }
  const native = n > 64 ? nativeUtf16() : null;
  if (native !== null) return nativeDecode(native, units(heap16, start, start + n));
  return joinPieces(start, start + n, APPLY_MAX, (i, end) => {
    const piece = units(heap16, i, end);
    // Its length as an own property: the argument list is read by it, not by the getter.
    ObjectDefineProperty(piece, 'length', { value: end - i });
    return ReflectApply(fromCharCode, null, piece);
  });
}

// Units start..end of the Uint16Array `h` as a new view (a subarray without species).
function units(h, start, end) {
  return new U16(bufferOf(h), byteOffsetOf(h) + 2 * start, end - start);
}

// encodeInto (https://encoding.spec.whatwg.org/#dom-textencoder-encodeinto) in JS for runtimes
// without a usable native one: the UTF-8 encoder over `source`'s scalar values (lone surrogates as
// U+FFFD), stopping before a character that does not fit. `read` counts code units, `written`
// bytes; `room` is `dest`'s length.
export function encodeIntoUtf8(source, dest, room) {
  const len = source.length;
  let read = 0;
  let written = 0;
  while (read < len) {
    let c = charCodeAt(source, read);
    let units = 1;
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = charCodeAt(source, read + 1); // NaN past the end: no trailing surrogate
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        units = 2;
      } else {
        c = 0xfffd;
      }
    }
    if (c < 0x80) {
      if (written + 1 > room) break;
      dest[written++] = c;
    } else if (c < 0x800) {
      if (written + 2 > room) break;
      dest[written++] = 0xc0 | (c >> 6);
      dest[written++] = 0x80 | (c & 0x3f);
    } else if (c < 0x10000) {
      if (written + 3 > room) break;
      dest[written++] = 0xe0 | (c >> 12);
      dest[written++] = 0x80 | ((c >> 6) & 0x3f);
      dest[written++] = 0x80 | (c & 0x3f);
    } else {
      if (written + 4 > room) break;
      dest[written++] = 0xf0 | (c >> 18);
      dest[written++] = 0x80 | ((c >> 12) & 0x3f);
      dest[written++] = 0x80 | ((c >> 6) & 0x3f);
      dest[written++] = 0x80 | (c & 0x3f);
    }
    read += units;
  }
  return { read, written };
}
