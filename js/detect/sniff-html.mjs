// sniffHTML(bytes, options): the HTML Standard's encoding sniffing algorithm
// (https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm) over the bytes
// of a document, with the package's label lookup (getEncoding: the Encoding Standard's "get an
// encoding"). The prescan reads the first PRESCAN_LIMIT bytes and nothing past them; every loop
// below moves its position forward, so each call ends after at most a few passes over them.

import { getEncoding } from '../index.mjs';
import { detectBytes } from './detect.mjs';
import { isObject, lengthOf, requireArguments, setBytes, subBytes, toBytes, toDOMString } from '../webidl.mjs';
import {
  JSONStringify,
  MathMin,
  StringFromCharCode,
  StringPrototypeCharCodeAt,
  StringPrototypeSlice,
  U8,
} from '../primordials.mjs';

// The standard encourages prescanning the first 1024 bytes only: that is the end condition here.
export const PRESCAN_LIMIT = 1024;

// Step 8's detector: UTF-8 allowed, no top-level domain.
const DETECT_OPTIONS = { allowUTF8: true, tld: '' };

const WHAT = "Failed to execute 'sniffHTML'";

// The options dictionary ({ transportLabel, defaultEncoding }), converted as WebIDL converts a
// dictionary (members read once, in lexicographic order; an absent one undefined; others ignored);
// `detect` a boolean. The default label is checked here, used or not.
export function htmlSniffOptions(options, what) {
  if (options !== undefined && options !== null && !isObject(options)) {
    throw new TypeError(`${what}: the options argument is not an object.`);
  }
  const read = (name) => {
    const v = options == null ? undefined : options[name];
    return v === undefined ? undefined : toDOMString(v);
  };
  const defaultLabel = read('defaultEncoding') ?? 'windows-1252';
  const detect = options == null ? false : !!options.detect;
  const transportLabel = read('transportLabel');
  const defaultEncoding = getEncoding(defaultLabel);
  if (defaultEncoding === null) {
    const shown = defaultLabel.length > 64 ? `${StringPrototypeSlice(defaultLabel, 0, 64)}…` : defaultLabel;
    throw new RangeError(`${what}: the defaultEncoding label ${JSONStringify(shown)} is not supported.`);
  }
  return { defaultEncoding, detect, transportLabel };
}

export function sniffHTML(bytes, options = undefined) {
  // biome-ignore lint/complexity/noArguments: the count is what WebIDL checks
  requireArguments(arguments.length, 1, WHAT);
  const input = toBytes(bytes, WHAT);
  const opts = htmlSniffOptions(options, WHAT);
  // The length is read after the options' getters have run (a detached buffer is empty).
  const length = lengthOf(input);
  return encodingSniffingAlgorithm(firstBytes(input, length), opts, length <= PRESCAN_LIMIT);
}

// A copy of the first PRESCAN_LIMIT bytes of `input` (all the algorithm reads).
export function firstBytes(input, length) {
  const n = MathMin(length, PRESCAN_LIMIT);
  const head = new U8(n);
  if (n > 0) setBytes(head, subBytes(input, 0, n), 0);
  return head;
}

// https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm, for a parser
// that has `head` (the first bytes, its own copy; `whole`: all of the input): { encoding, source },
// source naming the step that decided. Steps 2, 6 and 7 (a user's override, a parent document, a
// remembered encoding) have nothing to go on here.
export function encodingSniffingAlgorithm(head, { transportLabel, defaultEncoding, detect }, whole) {
  // 1. BOM sniffing.
  const bom = bomSniff(head);
  if (bom !== null) return { encoding: bom, source: 'bom' };
  // 4. The transport layer's encoding, if its label is one (an unknown label is ignored).
  if (transportLabel !== undefined) {
    const transport = getEncoding(transportLabel);
    if (transport !== null) return { encoding: transport, source: 'transport' };
  }
  // 5. The prescan.
  const prescanned = prescanAByteStreamToDetermineItsEncoding(head);
  if (prescanned !== null) return prescanned;
  // 8. Autodetection, with the `{ detect: true }` option: the detector's guess over `head`, whose
  // end is the input's only if `whole` (a UTF-8 sequence cut at byte 1024 does not rule UTF-8
  // out). A head of ASCII alone tells nothing (the detector would only answer its fallback): the
  // default decides.
  if (detect && !asciiOnly(head)) {
    return { encoding: detectBytes(head, DETECT_OPTIONS, whole).encoding, source: 'detect' };
  }
  // 9. The default.
  return { encoding: defaultEncoding, source: 'default' };
}

// The byte arrays below are this module's own copies, their lengths read through the captured
// slot getter (lengthOf) as a caller's are.

// Whether `b` has only ASCII bytes but ESC, which starts ISO-2022-JP's escape sequences.
function asciiOnly(b) {
  for (let i = 0; i < lengthOf(b); i++) if (b[i] >= 0x80 || b[i] === 0x1b) return false;
  return true;
}

// https://encoding.spec.whatwg.org/#bom-sniff
function bomSniff(b) {
  if (lengthOf(b) >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'UTF-8';
  if (lengthOf(b) >= 2 && b[0] === 0xfe && b[1] === 0xff) return 'UTF-16BE';
  if (lengthOf(b) >= 2 && b[0] === 0xff && b[1] === 0xfe) return 'UTF-16LE';
  return null;
}

// Byte values the algorithms name.
const TAB = 0x09;
const LF = 0x0a;
const FF = 0x0c;
const CR = 0x0d;
const SPACE = 0x20;
const DQUOTE = 0x22;
const QUOTE = 0x27;
const HYPHEN = 0x2d;
const SLASH = 0x2f;
const LT = 0x3c;
const EQUALS = 0x3d;
const GT = 0x3e;
const BANG = 0x21;
const QUESTION = 0x3f;

const isSpace = (c) => c === TAB || c === LF || c === FF || c === CR || c === SPACE;
const isUpper = (c) => c >= 0x41 && c <= 0x5a;
const isLetter = (c) => isUpper(c) || (c >= 0x61 && c <= 0x7a);
// A byte as the algorithms append it to a name or value: ASCII upper case made lower case.
const lowered = (c) => StringFromCharCode(isUpper(c) ? c + 0x20 : c);

// Whether `b` holds the bytes `seq` at `at`.
function startsWith(b, at, seq) {
  if (at + seq.length > lengthOf(b)) return false;
  for (let i = 0; i < seq.length; i++) if (b[at + i] !== seq[i]) return false;
  return true;
}

const UTF16LE_XML = [LT, 0, QUESTION, 0, 0x78, 0];
const UTF16BE_XML = [0, LT, 0, QUESTION, 0, 0x78];
const XML = [LT, QUESTION, 0x78, 0x6d, 0x6c];
const ENCODING = [0x65, 0x6e, 0x63, 0x6f, 0x64, 0x69, 0x6e, 0x67];

// The prescan's "runs out of bytes": its position went past the last byte it may read. Every
// step that reads a byte returns OUT then, and the prescan is aborted.
const OUT = -1;

// https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
// over `b` (the end condition: its end). { encoding, source } or null (failure); an encoding
// from an XML declaration, UTF-16 (step 2) or "get an XML encoding" once aborted, has source 'xml'.
function prescanAByteStreamToDetermineItsEncoding(b) {
  // 2. Prescan for UTF-16 XML declarations.
  if (startsWith(b, 0, UTF16LE_XML)) return { encoding: 'UTF-16LE', source: 'xml' };
  if (startsWith(b, 0, UTF16BE_XML)) return { encoding: 'UTF-16BE', source: 'xml' };
  const found = prescanLoop(b);
  if (found !== OUT) return { encoding: found, source: 'meta' };
  const xml = getAnXMLEncoding(b);
  return xml === null ? null : { encoding: xml, source: 'xml' };
}

// The prescan's steps 3 and 4 (loop, next byte): the encoding a <meta> gives, or OUT.
function prescanLoop(b) {
  const n = lengthOf(b);
  const at = { b, position: 0 };
  for (; at.position < n; at.position++) {
    const p = at.position;
    if (b[p] !== LT) continue; // any other byte
    const next = p + 1 < n ? b[p + 1] : OUT;
    if (startsWith(b, p, [LT, BANG, HYPHEN, HYPHEN])) {
      // `<!--`: to the first `>` after two hyphens (which may be the comment opener's own).
      let q = p + 4;
      while (q < n && !(b[q] === GT && b[q - 1] === HYPHEN && b[q - 2] === HYPHEN)) q++;
      if (q >= n) return OUT;
      at.position = q;
    } else if (isMetaStart(b, p)) {
      at.position = p + 5;
      const charset = metaCharset(at);
      if (charset === OUT) return OUT;
      if (charset !== null) return charset;
    } else if (isLetter(next) || (next === SLASH && p + 2 < n && isLetter(b[p + 2]))) {
      // A tag: to the end of its name, then over its attributes (a `>` in a quoted value is skipped).
      let q = p + 1;
      while (q < n && !isSpace(b[q]) && b[q] !== GT) q++;
      if (q >= n) return OUT;
      at.position = q;
      for (;;) {
        const attribute = getAnAttribute(at);
        if (attribute === OUT) return OUT;
        if (attribute === null) break;
      }
    } else if (next === BANG || next === SLASH || next === QUESTION) {
      // `<!`, `</`, `<?`: to the first `>` after the `<`.
      let q = p + 1;
      while (q < n && b[q] !== GT) q++;
      if (q >= n) return OUT;
      at.position = q;
    }
  }
  return OUT;
}

// `<meta` (ASCII case-insensitive) and a space or slash at `p`.
function isMetaStart(b, p) {
  if (p + 5 >= lengthOf(b)) return false;
  const c = b[p + 5];
  return (
    (b[p + 1] | 0x20) === 0x6d &&
    (b[p + 2] | 0x20) === 0x65 &&
    (b[p + 3] | 0x20) === 0x74 &&
    (b[p + 4] | 0x20) === 0x61 &&
    (isSpace(c) || c === SLASH)
  );
}

// The prescan's <meta> steps 2 to 16, from the space or slash after `<meta` at `at.position`: the
// encoding, null (none: the loop goes on from `at.position`) or OUT.
function metaCharset(at) {
  const attributeList = [];
  let gotPragma = false;
  let needPragma = null;
  let charset = null; // null, an encoding's name, or FAILURE
  // Attributes.
  for (;;) {
    const attribute = getAnAttribute(at);
    if (attribute === OUT) return OUT;
    if (attribute === null) break;
    const { name, value } = attribute;
    let seen = false;
    for (let i = 0; i < attributeList.length; i++) if (attributeList[i] === name) seen = true;
    if (seen) continue;
    attributeList[attributeList.length] = name;
    if (name === 'http-equiv') {
      if (value === 'content-type') gotPragma = true;
    } else if (name === 'content') {
      const encoding = extractACharacterEncodingFromAMetaElement(value);
      if (encoding !== null && charset === null) {
        charset = encoding;
        needPragma = true;
      }
    } else if (name === 'charset') {
      charset = getEncoding(value) ?? FAILURE;
      needPragma = false;
    }
  }
  // Processing.
  if (needPragma === null) return null;
  if (needPragma === true && !gotPragma) return null;
  if (charset === FAILURE) return null;
  if (charset === 'UTF-16BE' || charset === 'UTF-16LE') return 'UTF-8';
  if (charset === 'x-user-defined') return 'windows-1252';
  return charset;
}
const FAILURE = { failure: true };

// https://html.spec.whatwg.org/multipage/parsing.html#concept-get-attributes-when-sniffing from
// `at.position`: { name, value }, null (no attribute: `at.position` is at a `>`) or OUT.
function getAnAttribute(at) {
  const { b } = at;
  const n = lengthOf(b);
  let p = at.position;
  const done = (result) => {
    at.position = p;
    return result;
  };
  // 1. Spaces and slashes.
  while (p < n && (isSpace(b[p]) || b[p] === SLASH)) p++;
  if (p >= n) return OUT;
  // 2.
  if (b[p] === GT) return done(null);
  // 3, 4, 5. The name.
  let name = '';
  for (;;) {
    if (p >= n) return OUT;
    const c = b[p];
    if (c === EQUALS && name !== '') return attributeValue(at, p + 1, name);
    if (isSpace(c)) break;
    if (c === SLASH || c === GT) return done({ name, value: '' });
    name += lowered(c);
    p++;
  }
  // 6. Spaces.
  while (p < n && isSpace(b[p])) p++;
  if (p >= n) return OUT;
  // 7. No `=`: a name without a value.
  if (b[p] !== EQUALS) return done({ name, value: '' });
  // 8.
  return attributeValue(at, p + 1, name);
}

// Get an attribute's steps 9 to 12 (value), from `start`.
function attributeValue(at, start, name) {
  const { b } = at;
  const n = lengthOf(b);
  let p = start;
  let value = '';
  const done = () => {
    at.position = p;
    return { name, value };
  };
  // 9. Spaces.
  while (p < n && isSpace(b[p])) p++;
  if (p >= n) return OUT;
  // 10.
  const first = b[p];
  if (first === DQUOTE || first === QUOTE) {
    for (;;) {
      p++;
      if (p >= n) return OUT;
      if (b[p] === first) {
        p++;
        return done();
      }
      value += lowered(b[p]);
    }
  }
  if (first === GT) return done();
  value += lowered(first);
  p++;
  // 11, 12. An unquoted value, to a space or `>`.
  for (;;) {
    if (p >= n) return OUT;
    const c = b[p];
    if (isSpace(c) || c === GT) return done();
    value += lowered(c);
    p++;
  }
}

// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element
// given the string `s`: an encoding's name, or null (nothing, or a label that is none).
function extractACharacterEncodingFromAMetaElement(s) {
  const length = s.length;
  const at = (i) => StringPrototypeCharCodeAt(s, i);
  const isWhitespace = (i) => i < length && isSpace(at(i));
  let position = 0;
  for (;;) {
    // Loop: the next "charset", ASCII case-insensitively.
    let found = -1;
    for (let i = position; i + 7 <= length && found < 0; i++) {
      let match = true;
      for (let k = 0; k < 7 && match; k++) match = (at(i + k) | 0x20) === CHARSET[k];
      if (match) found = i;
    }
    if (found < 0) return null;
    let i = found + 7;
    while (isWhitespace(i)) i++;
    if (i >= length || at(i) !== EQUALS) {
      position = i;
      continue;
    }
    i++;
    while (isWhitespace(i)) i++;
    if (i >= length) return null;
    const c = at(i);
    if (c === DQUOTE || c === QUOTE) {
      let end = i + 1;
      while (end < length && at(end) !== c) end++;
      return end < length ? getEncoding(StringPrototypeSlice(s, i + 1, end)) : null;
    }
    let end = i;
    while (end < length && !isSpace(at(end)) && at(end) !== 0x3b) end++;
    return getEncoding(StringPrototypeSlice(s, i, end));
  }
}
// "charset" in lower case: `c | 0x20` is one of its letters only where c is that letter in either
// case, which makes the comparison above ASCII case-insensitive.
const CHARSET = [0x63, 0x68, 0x61, 0x72, 0x73, 0x65, 0x74];

// https://html.spec.whatwg.org/multipage/parsing.html#concept-get-xml-encoding-when-sniffing over
// `b`: an encoding's name, or null (failure).
function getAnXMLEncoding(b) {
  const n = lengthOf(b);
  // 1, 2.
  if (!startsWith(b, 0, XML)) return null;
  // 3. xmlDeclarationEnd.
  let end = 0;
  while (end < n && b[end] !== GT) end++;
  if (end >= n) return null;
  // 4, 5. `encoding` before it.
  let position = 0;
  while (position < end && !startsWith(b, position, ENCODING)) position++;
  if (position >= end) return null;
  position += ENCODING.length;
  // 6 to 9.
  while (position < n && b[position] <= SPACE) position++;
  if (position >= n || b[position] !== EQUALS) return null;
  position++;
  while (position < n && b[position] <= SPACE) position++;
  // 10, 11.
  const quoteMark = position < n ? b[position] : OUT;
  if (quoteMark !== DQUOTE && quoteMark !== QUOTE) return null;
  // 12, 13.
  position++;
  let encodingEnd = position;
  while (encodingEnd < n && b[encodingEnd] !== quoteMark) encodingEnd++;
  if (encodingEnd >= n) return null;
  // 14, 15, 16: isomorphic decoded.
  let potentialEncoding = '';
  for (let i = position; i < encodingEnd; i++) {
    if (b[i] <= SPACE) return null;
    potentialEncoding += StringFromCharCode(b[i]);
  }
  const encoding = getEncoding(potentialEncoding);
  // 17, 18.
  if (encoding === 'UTF-16BE' || encoding === 'UTF-16LE') return 'UTF-8';
  return encoding;
}
