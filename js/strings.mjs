// Building JS strings from UTF-16 code units, and UTF-8 where no native encoder exists.

import { nativeUtf16 } from './natives.mjs';
import { lengthOf } from './webidl.mjs';

const fromCharCode = String.fromCharCode;
const APPLY_MAX = 8192;

// Node's Buffer copies UTF-16 into a string fastest, where it exists and works.
const ucs2Slice = (() => {
  try {
    const B = globalThis.Buffer;
    const slice = B.prototype.ucs2Slice;
    const probe = B.from(new Uint16Array([0xfeff, 0x61, 0xd83d, 0xde00, 0x3042]).buffer);
    return slice.call(probe, 2, 10) === 'a\u{1F600}\u3042' && slice.call(probe, 0, 2) === '\uFEFF' ? slice : null;
  } catch {
    return null;
  }
})();

// Whether ucs2Slice and latin1Slice also read plain views (any offset, shared memory) by their
// internal slots (a redefined `length` is ignored, as where they are C++; not where they are JS,
// as in workerd), and String#toWellFormed exists.
const sliceViews = (() => {
  try {
    const v = new Uint8Array([0, 0x61, 0, 0x3d, 0xd8, 0, 0xde]).subarray(1);
    Object.defineProperty(v, 'length', { value: 0 });
    return (
      ucs2Slice.call(v, 0, 6) === 'a\u{1F600}' &&
      'a\uD800'.toWellFormed() === 'a\uFFFD' &&
      globalThis.Buffer.prototype.latin1Slice.call(v, 2, 4) === '=\u00D8'
    );
  } catch {
    return false;
  }
})();

// A whole TextDecoder decode() of UTF-16LE `bytes` by a fresh decoder (§ 7.2, § 14.2.1), the
// string, or null for a fatal error; null (the function) where the above is missing. The decoder
// turns each lone surrogate into U+FFFD as toWellFormed does, and an odd last byte into one U+FFFD
// (one with a lead surrogate before it: end of queue resets both).
export const utf16LeWhole = sliceViews
  ? (bytes, fatal, ignoreBOM) => {
      const len = lengthOf(bytes);
      const start = !ignoreBOM && len >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe ? 2 : 0;
      let s = ucs2Slice.call(bytes, start, len & ~1);
      const odd = (len & 1) !== 0;
      if (!s.isWellFormed() || odd) {
        if (fatal) return null;
        const last = s.charCodeAt(s.length - 1);
        s = s.toWellFormed();
        if (odd && !(last >= 0xd800 && last <= 0xdbff)) s += '\uFFFD';
      }
      return s;
    }
  : null;

// windows-1252 maps every byte but 0x80-0x9F as Latin-1 does (§ 9.1, its index): the string of a
// whole decode of `bytes` (a Uint8Array) when it has none of those, by Buffer#latin1Slice where it
// reads plain views; else null. Worth it up to 64 KiB: beyond, wasm's decode costs about as much
// as a wasted slice.
const latin1Slice = sliceViews ? globalThis.Buffer.prototype.latin1Slice : null;
const C1 = /[\x80-\x9F]/;
export function windows1252Latin1(bytes) {
  const len = lengthOf(bytes);
  if (latin1Slice === null || len > 65536) return null;
  const s = latin1Slice.call(bytes, 0, len);
  return C1.test(s) ? null : s;
}

// Node's Buffer writes a string's code units as they are (lone surrogates too) at memcpy speed.
const ucs2Write = (() => {
  try {
    const b = globalThis.Buffer.alloc(8);
    const write = b.ucs2Write;
    return write.call(b, 'a\uD800', 2, 4) === 4 && b[2] === 0x61 && b[3] === 0 && b[4] === 0 && b[5] === 0xd8
      ? write
      : null;
  } catch {
    return null;
  }
})();

// A Buffer over wasm memory for ucs2Slice and ucs2Write, or null where there is none.
export function nodeView(buffer) {
  return ucs2Slice === null || ucs2Write === null ? null : globalThis.Buffer.from(buffer);
}

// UTF-16LE or BE bytes of `s` with lone surrogates as U+FFFD (the encoders' USVString input), in
// Node at memcpy speed; null elsewhere.
export function utf16Bytes(s, be) {
  if (ucs2Write === null || typeof s.isWellFormed !== 'function') return null;
  const w = s.isWellFormed() ? s : s.toWellFormed();
  const out = globalThis.Buffer.allocUnsafeSlow(2 * w.length);
  ucs2Write.call(out, w, 0, out.length);
  if (be) out.swap16();
  return new Uint8Array(out.buffer, 0, out.length);
}

// Writes code units start..end of `s` to `heap16` from index `at`; `node` is nodeView(its buffer).
export function stringToUtf16(s, start, end, heap16, node, at) {
  if (node !== null && end - start > 16) {
    ucs2Write.call(node, start === 0 && end === s.length ? s : s.slice(start, end), 2 * at, 2 * (end - start));
    return;
  }
  for (let i = start, j = at; i < end; i++, j++) heap16[j] = s.charCodeAt(i);
}

// Node copies more than 0xFBEE9 code units into an external string (malloc and memcpy), about
// ten times faster than into a heap string. Long outputs shorter than that are taken as a slice
// of an external string of this many units (a view of it, as exact): it keeps under twice their
// memory alive, which is worth it from half this length up.
// (Node's own threshold, EXTERN_APEX in src/string_bytes.cc: not in Bun or Deno, whose Buffer
// differs.) Zero where it does not apply.
const EXTERNAL =
  ucs2Slice !== null &&
  typeof process === 'object' &&
  typeof process.versions?.node === 'string' &&
  process.versions.bun === undefined &&
  typeof Deno === 'undefined'
    ? 0xfbeeb
    : 0;

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
  if (n <= 16 && start + 16 <= heap16.length) {
    const s = n <= 8 ? units8(heap16, start) : units16(heap16, start);
    return s.length === n ? s : s.slice(0, n);
  }
  if (n <= 8) {
    let s = '';
    for (let i = start, end = start + n; i < end; i++) s += fromCharCode(heap16[i]);
    return s;
  }
  if (node !== null) {
    if (n >= EXTERNAL >>> 1 && n < EXTERNAL && 2 * (start + EXTERNAL) <= node.length) {
      return ucs2Slice.call(node, 2 * start, 2 * (start + EXTERNAL)).slice(0, n);
    }
    return ucs2Slice.call(node, 2 * start, 2 * (start + n));
  }
  const native = n > 64 ? nativeUtf16() : null;
  if (native !== null) return native.decode(heap16.subarray(start, start + n));
  let s = '';
  for (let i = start, end = start + n; i < end; i += APPLY_MAX) {
    s += fromCharCode.apply(null, heap16.subarray(i, Math.min(i + APPLY_MAX, end)));
  }
  return s;
}

// encodeInto (§ 7.4) in JS for runtimes without a usable native one: the UTF-8 encoder over
// `source`'s scalar values (lone surrogates as U+FFFD), stopping before a character that does not
// fit. `read` counts code units, `written` bytes; `room` is `dest`'s length.
export function encodeIntoUtf8(source, dest, room) {
  const len = source.length;
  let read = 0;
  let written = 0;
  while (read < len) {
    let c = source.charCodeAt(read);
    let units = 1;
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = read + 1 < len ? source.charCodeAt(read + 1) : 0;
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
