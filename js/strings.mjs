// Building JS strings from UTF-16 code units, and UTF-8 where no native encoder exists.

import { nativeUtf16 } from './natives.mjs';

const fromCharCode = String.fromCharCode;
const APPLY_MAX = 8192;

// The string of `n` code units of `heap16` from index `start`.
export function utf16ToString(heap16, start, n) {
  if (n <= 32) {
    let s = '';
    for (let i = start, end = start + n; i < end; i++) s += fromCharCode(heap16[i]);
    return s;
  }
  if (nativeUtf16 !== null && n > 256) return nativeUtf16.decode(heap16.subarray(start, start + n));
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
