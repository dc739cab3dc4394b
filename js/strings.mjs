// Building JS strings from UTF-16 code units, and UTF-8 where no native encoder exists.

import { nativeUtf16 } from './natives.mjs';

const fromCharCode = String.fromCharCode;
const APPLY_MAX = 8192;

// Node's Buffer copies UTF-16 into a string fastest, where it exists and works.
const ucs2Slice = (() => {
  try {
    const B = globalThis.Buffer;
    const slice = B.prototype.ucs2Slice;
    const probe = B.from(new Uint16Array([0xFEFF, 0x61, 0xD83D, 0xDE00, 0x3042]).buffer);
    return slice.call(probe, 2, 10) === 'a\u{1F600}\u3042' && slice.call(probe, 0, 2) === '\uFEFF' ? slice : null;
  } catch {
    return null;
  }
})();

// A Buffer over wasm memory for ucs2Slice, or null where there is none.
export function nodeView(buffer) {
  return ucs2Slice === null ? null : globalThis.Buffer.from(buffer);
}

// The string of `n` code units of `heap16` from index `start`; `node` is nodeView(its buffer).
export function utf16ToString(heap16, node, start, n) {
  if (n <= 8) {
    let s = '';
    for (let i = start, end = start + n; i < end; i++) s += fromCharCode(heap16[i]);
    return s;
  }
  if (node !== null) return ucs2Slice.call(node, 2 * start, 2 * (start + n));
  if (nativeUtf16 !== null && n > 64) return nativeUtf16.decode(heap16.subarray(start, start + n));
  let s = '';
  for (let i = start, end = start + n; i < end; i += APPLY_MAX) {
    s += fromCharCode.apply(null, heap16.subarray(i, Math.min(i + APPLY_MAX, end)));
  }
  return s;
}

// encodeInto (§ 7.4) in JS for runtimes without a usable native one: the UTF-8 encoder over
// `source`'s scalar values (lone surrogates as U+FFFD), stopping before a character that does not
// fit. `read` counts code units, `written` bytes.
export function encodeIntoUtf8(source, dest) {
  const len = source.length;
  const room = dest.length;
  let read = 0;
  let written = 0;
  while (read < len) {
    let c = source.charCodeAt(read);
    let units = 1;
    if (c >= 0xD800 && c <= 0xDFFF) {
      const next = read + 1 < len ? source.charCodeAt(read + 1) : 0;
      if (c <= 0xDBFF && next >= 0xDC00 && next <= 0xDFFF) {
        c = 0x10000 + ((c - 0xD800) << 10) + (next - 0xDC00);
        units = 2;
      } else {
        c = 0xFFFD;
      }
    }
    if (c < 0x80) {
      if (written + 1 > room) break;
      dest[written++] = c;
    } else if (c < 0x800) {
      if (written + 2 > room) break;
      dest[written++] = 0xC0 | (c >> 6);
      dest[written++] = 0x80 | (c & 0x3F);
    } else if (c < 0x10000) {
      if (written + 3 > room) break;
      dest[written++] = 0xE0 | (c >> 12);
      dest[written++] = 0x80 | ((c >> 6) & 0x3F);
      dest[written++] = 0x80 | (c & 0x3F);
    } else {
      if (written + 4 > room) break;
      dest[written++] = 0xF0 | (c >> 18);
      dest[written++] = 0x80 | ((c >> 12) & 0x3F);
      dest[written++] = 0x80 | ((c >> 6) & 0x3F);
      dest[written++] = 0x80 | (c & 0x3F);
    }
    read += units;
  }
  return { read, written };
}
