// A real client: postal-mime (npm), an email parser that calls `new TextDecoder(charset)` with
// the charsets its input names, over legacy-charset messages with the package's TextDecoder
// installed as the global. Runtime-neutral like the *.cases.mjs files but not one of them: each
// runner loads postal-mime its own way (`load`). Every message is built from byte sequences whose
// text was worked out by hand from the standard's indexes (pointers in the comments); the Node
// runner (tests/js/postal-mime.test.mjs) checks each against the standard's transcription.
//
// What postal-mime does with a charset (dist/esm/decode-strings.js, getDecoder): a label of the
// standard is passed to `new TextDecoder`; anything else is normalised and looked up in its
// aliases (cp932 → shift_jis, …); a label that still fails, or whose constructor throws (the
// replacement encoding's, such as iso-2022-kr), falls back to windows-1252. Decoders are cached
// per label for the life of the module, and its UTF-8 header decoder is built at import: the
// global must be ours before postal-mime is first imported.
import { equal, deepEqual, ok } from './assert.mjs';

/// Bytes as a message names them (`label`), the standard's encoding that decodes them (the name
/// TextDecoder's `encoding` gives) and their text. `nodeNativeDiffers`: Node's own TextDecoder
/// gets these bytes wrong, so a parse that used it would fail here.
const sample = (label, encoding, bytes, text, { nodeNativeDiffers = false } = {}) => ({
  label,
  encoding,
  bytes,
  text,
  nodeNativeDiffers,
});

const SJIS_NIHONGO = [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]; // jis0208 3569, 4007, 2237: 日本語
const GB_ZHONG = [0xd6, 0xd0]; // gb18030 16293: 中
const ESC_JIS0208 = [0x1b, 0x24, 0x42]; // ESC $ B
const ESC_ASCII = [0x1b, 0x28, 0x42]; // ESC ( B

/// Each message: `subject`, encoded words (`q` for Q encoding, else B; `splitAt` splits the bytes
/// into two adjacent words, which postal-mime joins before decoding); `parts`, text/plain parts
/// (`cte`: how the bytes travel) or, with `filename`, an attachment whose RFC 2231 filename is the
/// sample. A single text part makes a single-part message, anything else multipart/mixed.
export const MESSAGES = [
  {
    name: 'Shift_JIS: 8bit body with extensions, 0x80 and errors; B subject',
    subject: [sample('Shift_JIS', 'shift_jis', SJIS_NIHONGO, '日本語')],
    parts: [
      {
        cte: '8bit',
        ...sample(
          'Shift_JIS',
          'shift_jis',
          [
            // 日本語のメール: jis0208 3569, 4007, 2237, 327, 440, 27, 450
            ...[...SJIS_NIHONGO, 0x82, 0xcc, 0x83, 0x81, 0x81, 0x5b, 0x83, 0x8b, 0x0a],
            // NEC row 13 (1128: ①), IBM extension (10716: ⅰ), 0x80 is U+0080
            ...[0x87, 0x40, 0xfa, 0x40, 0x80, 0x0a],
            // a lead byte before LF is an error and LF is kept; 0xA0 is an error
            ...[0x41, 0x82, 0x0a, 0xa0, 0x0a],
          ],
          '日本語のメール\n①ⅰ\u0080\nA\uFFFD\n\uFFFD\n',
          { nodeNativeDiffers: true },
        ),
      },
    ],
  },
  {
    name: 'Shift_JIS by code page (cp932): base64 body cut inside a character; Q subject; RFC 2231 filename',
    subject: [{ q: true, ...sample('cp932', 'shift_jis', [0x93, 0xfa, 0x96, 0x7b], '日本') }],
    parts: [
      // あい (jis0208 283, 285), then a lead byte at the end of the part
      { cte: 'base64', ...sample('cp932', 'shift_jis', [0x82, 0xa0, 0x82, 0xa2, 0x82], 'あい\uFFFD') },
      { filename: true, ...sample('cp932', 'shift_jis', [0x93, 0xfa, 0x96, 0x7b, 0x2e, 0x74, 0x78, 0x74], '日本.txt') },
    ],
  },
  {
    name: 'ISO-2022-JP: 7bit body through JIS X 0208, Roman and katakana; a character split across two B words',
    subject: [
      // Split after the first byte of 本: only the joined bytes decode
      {
        splitAt: 6,
        ...sample('ISO-2022-JP', 'iso-2022-jp', [...ESC_JIS0208, 0x46, 0x7c, 0x4b, 0x5c, ...ESC_ASCII], '日本'),
      },
      sample('ISO-2022-JP', 'iso-2022-jp', [...ESC_JIS0208, 0x38, 0x6c, ...ESC_ASCII], '語'),
    ],
    parts: [
      {
        cte: '7bit',
        ...sample(
          'iso-2022-jp',
          'iso-2022-jp',
          [
            ...[...ESC_JIS0208, 0x46, 0x7c, 0x4b, 0x5c, 0x38, 0x6c, ...ESC_ASCII, 0x0a],
            // ESC ( J: Roman, 0x5C is ¥ and 0x7E is ‾
            ...[0x1b, 0x28, 0x4a, 0x5c, 0x7e, ...ESC_ASCII, 0x0a],
            // ESC ( I: katakana, U+FF61 + 0x31 − 0x21
            ...[0x1b, 0x28, 0x49, 0x31, ...ESC_ASCII, 0x0a],
          ],
          '日本語\n¥‾\nｱ\n',
        ),
      },
    ],
  },
  {
    name: 'ISO-2022-JP malformed: quoted-printable body left in JIS X 0208 across lines, a bad escape; words that end in that state or cut a pair',
    subject: [
      // Ends in JIS X 0208 with nothing pending: no error. The next word starts afresh in ASCII.
      sample('ISO-2022-JP', 'iso-2022-jp', [...ESC_JIS0208, 0x46, 0x7c], '日'),
      sample('ISO-2022-JP', 'iso-2022-jp', [0x61, 0x62, 0x63], 'abc'),
      // A lead byte at the end: one error
      sample('ISO-2022-JP', 'iso-2022-jp', [...ESC_JIS0208, 0x46], '\uFFFD'),
    ],
    parts: [
      {
        cte: 'quoted-printable',
        ...sample(
          'ISO-2022-JP',
          'iso-2022-jp',
          [
            // LF in the JIS X 0208 state is an error, and the state stays
            ...[...ESC_JIS0208, 0x46, 0x7c, 0x0a, 0x4b, 0x5c, 0x0a],
            // ESC A is no escape sequence: an error, then A
            ...[...ESC_ASCII, 0x41, 0x1b, 0x41, 0x0a],
          ],
          '日\uFFFD本\uFFFDA\uFFFDA\n',
          { nodeNativeDiffers: true },
        ),
      },
    ],
  },
  {
    name: 'GBK (label gb2312): quoted-printable body with a soft line break inside a character, 0x80, a four-byte sequence and a lead byte before LF; Q subject',
    subject: [{ q: true, ...sample('gb2312', 'gbk', [...GB_ZHONG, 0xce, 0xc4], '中文') }], // gb18030 14761: 文
    parts: [
      {
        cte: 'quoted-printable',
        // 中 × 14: the first 75-character line ends inside the 13th. GBK's decoder is
        // gb18030's: 0x80 is €, 81 30 81 30 is ranges pointer 0, U+0080.
        ...sample(
          'gb2312',
          'gbk',
          [...Array(14).fill(GB_ZHONG).flat(), 0xce, 0xc4, 0x80, 0x81, 0x30, 0x81, 0x30, 0x0a, 0x41, 0x81, 0x0a],
          `${'中'.repeat(14)}文€\u0080\nA\uFFFD\n`,
          { nodeNativeDiffers: true },
        ),
      },
    ],
  },
  {
    name: 'gb18030: base64 body with four-byte sequences, a broken one and one cut at the end; B subject',
    // ranges pointer 189000 is U+10000
    subject: [sample('GB18030', 'gb18030', [0x90, 0x30, 0x81, 0x30, ...GB_ZHONG], '\u{10000}中')],
    parts: [
      {
        cte: 'base64',
        ...sample(
          'gb18030',
          'gb18030',
          // ranges pointer 39419 (U+FFE6 + 25 = U+FFFF); gb18030 7533 (ḿ); 81 30 41: an error, then
          // 0 and A again; 81 30 81 at the end: one error
          [0x84, 0x31, 0xa4, 0x39, 0xa8, 0xbc, 0x81, 0x30, 0x41, 0x81, 0x30, 0x81],
          '\uFFFFḿ\uFFFD0A\uFFFD',
        ),
      },
    ],
  },
  {
    name: 'Big5: 8bit body with HKSCS pairs, 0x80, 0xFF and a lead byte before LF; Q subject',
    // big5 pointers 1133 and 1135 are two code points each
    subject: [
      {
        q: true,
        ...sample('big5', 'big5', [0x88, 0x62, 0x88, 0x64], '\u00CA\u0304\u00CA\u030C', { nodeNativeDiffers: true }),
      },
    ],
    parts: [
      {
        cte: '8bit',
        ...sample(
          'big5',
          'big5',
          // big5 5495 (一), 5561 (中), 1133, 1135
          [0xa4, 0x40, 0xa4, 0xa4, 0x88, 0x62, 0x88, 0x64, 0x0a, 0x80, 0xff, 0x0a, 0xa4, 0x0a],
          '一中\u00CA\u0304\u00CA\u030C\n\uFFFD\uFFFD\n\uFFFD\n',
          { nodeNativeDiffers: true },
        ),
      },
    ],
  },
  {
    name: 'EUC-KR (label ks_c_5601-1987): quoted-printable body with UHC, a bad trail and a soft-broken end inside a character; B subject',
    // euc-kr 2124 (똠, UHC), 9026 (가)
    subject: [sample('ks_c_5601-1987', 'euc-kr', [0x8c, 0x63, 0xb0, 0xa1], '똠가', { nodeNativeDiffers: true })],
    parts: [
      {
        cte: 'quoted-printable',
        ...sample(
          'ks_c_5601-1987',
          'euc-kr',
          [0xb0, 0xa1, 0x8c, 0x63, 0x0a, 0xb0, 0x30, 0x0a, 0xb0],
          '가똠\n\uFFFD0\n\uFFFD',
          { nodeNativeDiffers: true },
        ),
      },
    ],
  },
  {
    name: 'EUC-JP: base64 body with JIS X 0201 katakana and JIS X 0212, cut inside a three-byte character; Q subject',
    subject: [{ q: true, ...sample('EUC-JP', 'euc-jp', [0xa4, 0xa2], 'あ') }], // jis0208 283
    parts: [
      {
        cte: 'base64',
        ...sample(
          'euc-jp',
          'euc-jp',
          // あ, 8E B1 (U+FF61 + 0xB1 − 0xA1), jis0212 1410 (丂), jis0208 31 (＼), then 8F B0 at the end
          [0xa4, 0xa2, 0x8e, 0xb1, 0x8f, 0xb0, 0xa1, 0xa1, 0xc0, 0x8f, 0xb0],
          'あｱ丂＼\uFFFD',
        ),
      },
    ],
  },
  {
    name: 'KOI8-R, windows-1251 and iso-8859-2 parts in one multipart message; a subject in two charsets',
    subject: [
      sample('KOI8-R', 'koi8-r', [0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4], 'Привет'),
      // Q's underscore is a space
      { q: true, ...sample('windows-1251', 'windows-1251', [0x20, 0xec, 0xe8, 0xf0], ' мир') },
    ],
    parts: [
      // koi8-r 112, 82, 73, 87, 69, 84: Привет; 26: U+00A0
      {
        cte: '8bit',
        ...sample('koi8-r', 'koi8-r', [0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4, 0x9a, 0x0a], 'Привет\u00A0\n'),
      },
      {
        cte: '8bit',
        // windows-1251 79, 112, 104, 98, 101, 114: Привет; 108, 104, 112: мир; 8: €; 24: U+0098
        ...sample(
          'windows-1251',
          'windows-1251',
          [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0, 0x20, 0x88, 0x98, 0x0a],
          'Привет, мир €\u0098\n',
        ),
      },
      // iso-8859-2 35 (Ł), 115 (ó), 60 (ź)
      { cte: 'quoted-printable', ...sample('iso-8859-2', 'iso-8859-2', [0xa3, 0xf3, 0x64, 0xbc, 0x0a], 'Łódź\n') },
    ],
  },
  {
    name: 'windows-1252: quoted-printable body through 0x80–0x9F; Q subject',
    // windows-1252 19, 20: “ ”; 0: €; 5: …; 1: U+0081
    subject: [
      {
        q: true,
        ...sample('windows-1252', 'windows-1252', [0x93, 0x48, 0x69, 0x94], '“Hi”', { nodeNativeDiffers: true }),
      },
    ],
    parts: [
      {
        cte: 'quoted-printable',
        ...sample(
          'windows-1252',
          'windows-1252',
          [0x93, 0x53, 0x6d, 0x61, 0x72, 0x74, 0x94, 0x20, 0x80, 0x20, 0x85, 0x20, 0x81, 0x0a],
          '“Smart” € … \u0081\n',
          { nodeNativeDiffers: true },
        ),
      },
    ],
  },
  {
    name: 'labels no TextDecoder takes fall back to windows-1252: an unknown one, and the replacement encoding’s',
    subject: [
      { q: true, ...sample('x-unknown', 'windows-1252', [0x93, 0x78, 0x94], '“x”', { nodeNativeDiffers: true }) },
    ],
    parts: [
      {
        cte: '8bit',
        ...sample('x-unknown-8bit', 'windows-1252', [0x93, 0x41, 0x94, 0x0a], '“A”\n', { nodeNativeDiffers: true }),
      },
      // iso-2022-kr is a label of replacement, which TextDecoder's constructor refuses
      { cte: '8bit', ...sample('iso-2022-kr', 'windows-1252', [0x85, 0x0a], '…\n', { nodeNativeDiffers: true }) },
    ],
  },
];

// ---- Building the messages (RFC 2045–2047, 2231)

const CRLF = '\r\n';
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const hex = (byte) => byte.toString(16).toUpperCase().padStart(2, '0');
const isPrintable = (byte) => byte > 0x20 && byte < 0x7f;

function base64(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b = 0, c = 0] = bytes.slice(i, i + 3);
    const n = (a << 16) | (b << 8) | c;
    out += BASE64[n >> 18] + BASE64[(n >> 12) & 63];
    out += i + 1 < bytes.length ? BASE64[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? BASE64[n & 63] : '=';
  }
  return out;
}

// Each byte as its character where `keep` matches that, else as `escaped(byte)`.
const escapeBytes = (bytes, keep, escaped) =>
  bytes.map((byte) => (keep.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : escaped(byte))).join('');

// RFC 2047 Q: letters and digits as they are, `_` for a space, anything else =XX.
const qEncode = (bytes) => escapeBytes(bytes, /[A-Za-z0-9]/, (byte) => (byte === 0x20 ? '_' : `=${hex(byte)}`));

// RFC 2231: letters, digits and `.` as they are, anything else %XX.
const percentEncode = (bytes) => escapeBytes(bytes, /[A-Za-z0-9.]/, (byte) => `%${hex(byte)}`);

function encodedWords({ label, bytes, q, splitAt }) {
  const pieces = splitAt === undefined ? [bytes] : [bytes.slice(0, splitAt), bytes.slice(splitAt)];
  return pieces.map((piece) => `=?${label}?${q ? 'Q' : 'B'}?${q ? qEncode(piece) : base64(piece)}?=`).join(' ');
}

// The body on the wire, for bytes that postal-mime's transfer decoding gives back exactly: it ends
// every 8bit or quoted-printable line with LF, so such bytes end with LF unless a
// quoted-printable soft line break ends them.
function transferEncode(cte, bytes) {
  if (cte === 'base64') return (base64(bytes).match(/.{1,76}/g) ?? []).map((line) => line + CRLF).join('');
  if (cte === 'quoted-printable') {
    let out = '';
    let line = '';
    for (const byte of bytes) {
      if (byte === 0x0a) {
        out += line + CRLF;
        line = '';
        continue;
      }
      const piece = isPrintable(byte) && byte !== 0x3d ? String.fromCharCode(byte) : `=${hex(byte)}`;
      if (line.length + piece.length > 75) {
        out += `${line}=${CRLF}`;
        line = '';
      }
      line += piece;
    }
    return line ? `${out}${line}=${CRLF}` : out;
  }
  if (bytes.at(-1) !== 0x0a) throw new Error(`a ${cte} body must end with LF`);
  return bytes.map((byte) => (byte === 0x0a ? CRLF : String.fromCharCode(byte))).join('');
}

function partSource(part) {
  if (part.filename) {
    return (
      `Content-Type: application/octet-stream${CRLF}` +
      `Content-Disposition: attachment; filename*=${part.label}''${percentEncode(part.bytes)}${CRLF}` +
      `Content-Transfer-Encoding: base64${CRLF}${CRLF}${transferEncode('base64', [0x78])}`
    );
  }
  return (
    `Content-Type: text/plain; charset="${part.label}"${CRLF}` +
    `Content-Transfer-Encoding: ${part.cte}${CRLF}${CRLF}${transferEncode(part.cte, part.bytes)}`
  );
}

/// The message's bytes (every character of the source below 0x100 is one byte).
export function messageBytes({ subject, parts }) {
  let source = `From: sender@example.com${CRLF}Subject: ${subject.map(encodedWords).join(' ')}${CRLF}MIME-Version: 1.0${CRLF}`;
  if (parts.length === 1 && !parts[0].filename) {
    source += partSource(parts[0]);
  } else {
    const boundary = 'part-boundary';
    source += `Content-Type: multipart/mixed; boundary="${boundary}"${CRLF}${CRLF}`;
    for (const part of parts) source += `--${boundary}${CRLF}${partSource(part)}`;
    source += `--${boundary}--${CRLF}`;
  }
  return Uint8Array.from(source, (c) => c.charCodeAt(0));
}

/// Every sample of a message: its subject's words and its parts.
export const samplesOf = ({ subject, parts }) => [...subject, ...parts];

// ---- Parsing with the package's TextDecoder

// Parses with `lib.TextDecoder` as the global (postal-mime loaded by `load()` inside, so its first
// import sees ours), recording the encoding of every decode() call made on one of our instances.
async function parse(lib, load, bytes) {
  const global = Object.getOwnPropertyDescriptor(globalThis, 'TextDecoder');
  const { prototype } = lib.TextDecoder;
  const decode = Object.getOwnPropertyDescriptor(prototype, 'decode');
  const decoded = new Set();
  Object.defineProperty(prototype, 'decode', {
    ...decode,
    value(...args) {
      decoded.add(this.encoding);
      return Reflect.apply(decode.value, this, args);
    },
  });
  // Shadowed rather than assigned: some runtimes (workerd) keep it on the global's prototype.
  Object.defineProperty(globalThis, 'TextDecoder', { value: lib.TextDecoder, writable: true, configurable: true });
  try {
    const { default: PostalMime } = await load();
    return { email: await PostalMime.parse(bytes), decoded };
  } finally {
    Object.defineProperty(prototype, 'decode', decode);
    if (global) Object.defineProperty(globalThis, 'TextDecoder', global);
    else delete globalThis.TextDecoder;
  }
}

/// The cases, `[name, fn(lib)]` as in the *.cases.mjs files; `load()` imports postal-mime.
export default function postalMimeCases(load) {
  return MESSAGES.map((message) => [
    message.name,
    async (lib) => {
      const { email, decoded } = await parse(lib, load, messageBytes(message));
      equal(email.subject, message.subject.map((word) => word.text).join(''), 'subject:');
      const texts = message.parts.filter((part) => !part.filename).map((part) => part.text);
      equal(email.text, texts.join('\n'), 'text:');
      deepEqual(
        email.attachments.map((attachment) => attachment.filename),
        message.parts.filter((part) => part.filename).map((part) => part.text),
        'attachment filenames:',
      );
      for (const { label, encoding } of samplesOf(message)) {
        ok(decoded.has(encoding), `${label}: postal-mime decoded no ${encoding} with the package's TextDecoder`);
      }
    },
  ]);
}
