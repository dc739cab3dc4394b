// Builds the benchmark corpora in bench/corpus/ (gitignored) from real translated documents
// shipped as Debian packages. Run: `node bench/corpus.mjs` (needs apt-get, dpkg-deb, python3).
//
// Sources (Debian 12 "bookworm" packages, fetched with `apt-get download`, unpacked with dpkg-deb):
//   fr  manpages-fr           French manual pages (roff stripped to prose)
//   de  manpages-de           German manual pages
//   ru  manpages-ru           Russian manual pages
//   ja  manpages-ja           Japanese manual pages
//   zhs manpages-zh (zh_CN)   Simplified Chinese manual pages
//   zht manpages-zh (zh_TW)   Traditional Chinese manual pages
//   el  libreoffice-help-el   Greek LibreOffice help (HTML stripped to text)
//   ko  debian-faq-ko         The Debian FAQ in Korean (HTML stripped to text)
//
// Legacy bytes come from independent encoders: iconv-lite for the single-byte and CJK encodings,
// Python's `iso2022_jp` codec for ISO-2022-JP (iconv-lite has none), Node's Buffer for UTF-8 and
// UTF-16LE. A line is kept only if it round-trips through that encoder's own decoder and two
// independent WHATWG implementations (@exodus/bytes and text-encoding) both decode the bytes back
// to it and (legacy encodings) both encode it to the same bytes. So the original text is the
// exact expected output of a conforming decoder, and the bytes that of a conforming encoder.
// Each corpus is cut at a line (or code point) boundary to at most 64 B, 4 KiB and 1 MiB of
// encoded bytes; a language whose kept text is shorter than 1 MiB is cycled (see BENCHMARKS.md).
//
// Output: bench/corpus/<id>-<size>.bin (encoded), .txt (expected text, UTF-8), manifest.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { fetchPackage, roffText, walk } from '../scripts/debian.mjs';
import { TextDecoder as ExodusDecoder } from '@exodus/bytes/encoding.js';
import { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';
import { createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';
import textEncoding from 'text-encoding';

const here = new URL('.', import.meta.url).pathname;
const out = join(here, 'corpus');
const work = join(out, 'src');
export const SIZES = [64, 4096, 1 << 20];
// The start-up measurement's input: import to the first decode of this much Shift_JIS.
const STARTUP = { id: 'shift_jis', size: 1024 };
const TEXT_LIMIT = 3 << 20; // characters of text read per language, enough for 1 MiB of bytes

const PACKAGES = {
  fr: 'manpages-fr',
  de: 'manpages-de',
  ru: 'manpages-ru',
  ja: 'manpages-ja',
  zhs: 'manpages-zh',
  zht: 'manpages-zh',
  el: 'libreoffice-help-el',
  ko: 'debian-faq-ko',
};
const ROOTS = {
  fr: 'usr/share/man/fr',
  de: 'usr/share/man/de',
  ru: 'usr/share/man/ru',
  ja: 'usr/share/man/ja',
  zhs: 'usr/share/man/zh_CN',
  zht: 'usr/share/man/zh_TW',
  el: 'usr/share/libreoffice/help/el',
  ko: 'usr/share/doc/debian/FAQ/ko',
};

// Whether EUC-KR `bytes` hold only KS X 1001:1992 pairs: both bytes 0xA1..=0xFE, and neither
// 0xA2 0xE6 nor 0xA2 0xE7 (€ and ®, added in 1998). Node's ICU decoder has no more than that (no
// extension pairs with a byte below 0xA1, no € or ®) and agrees with the standard on it, so a
// corpus of such lines gets a ratio to Node's native decoder where the full text gets "wrong".
function ksX1001(bytes) {
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] < 0x80) continue;
    const [lead, trail] = [bytes[i], bytes[++i]];
    const inSquare = (b) => b >= 0xa1 && b <= 0xfe;
    if (!inSquare(lead) || !inSquare(trail) || (lead === 0xa2 && (trail === 0xe6 || trail === 0xe7))) return false;
  }
  return true;
}

// id, WHATWG label, language, encoder ('buffer' | 'iconv' | 'python'), and optionally a further
// test of a line's encoded bytes.
export const CASES = [
  ['utf-8-latin', 'utf-8', 'fr', 'buffer'],
  ['utf-8-cjk', 'utf-8', 'ja', 'buffer'],
  ['utf-16le-latin', 'utf-16le', 'fr', 'buffer'],
  ['utf-16le-cjk', 'utf-16le', 'ja', 'buffer'],
  ['windows-1252', 'windows-1252', 'de', 'iconv'],
  ['windows-1251', 'windows-1251', 'ru', 'iconv'],
  ['iso-8859-7', 'iso-8859-7', 'el', 'iconv'],
  ['shift_jis', 'shift_jis', 'ja', 'iconv'],
  ['euc-jp', 'euc-jp', 'ja', 'iconv'],
  ['iso-2022-jp', 'iso-2022-jp', 'ja', 'python'],
  ['gbk', 'gbk', 'zhs', 'iconv'],
  ['gb18030', 'gb18030', 'zhs', 'iconv'],
  ['big5', 'big5', 'zht', 'iconv'],
  ['euc-kr', 'euc-kr', 'ko', 'iconv'],
  ['euc-kr-ksx1001', 'euc-kr', 'ko', 'iconv', ksX1001],
];

// HTML help pages: drop scripts, styles and tags, decode the common entities.
function htmlText(src) {
  const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0' };
  return src
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|h\d|li|tr|div|td)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e) =>
      e[0] === '#'
        ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : +e.slice(1))
        : (named[e] ?? m),
    )
    .split('\n')
    .map((l) => l.trim())
    .join('\n');
}

function languageLines(lang) {
  const root = join(fetchPackage(PACKAGES[lang], work), ROOTS[lang]);
  const lines = [];
  let total = 0;
  for (const path of walk(root)) {
    let text;
    if (path.endsWith('.gz')) text = roffText(gunzipSync(readFileSync(path)).toString('utf8'));
    else if (path.endsWith('.html')) text = htmlText(readFileSync(path, 'utf8'));
    else continue;
    let blank = true;
    for (const line of text.split('\n')) {
      if (line === '' && blank) continue; // collapse runs of blank lines
      blank = line === '';
      lines.push(line);
      total += line.length + 1;
    }
    if (total > TEXT_LIMIT) break;
  }
  return lines;
}

// Python's codecs, batched: a JSON list of strings in, a list of base64 strings (or null) out.
function pythonEncode(strings, codec) {
  const script = `import sys, json, base64
out = []
for s in json.load(sys.stdin):
    try:
        b = s.encode(${JSON.stringify(codec)})
        out.append(base64.b64encode(b).decode() if b.decode(${JSON.stringify(codec)}) == s else None)
    except Exception:
        out.append(None)
json.dump(out, sys.stdout)`;
  const res = execFileSync('python3', ['-c', script], { input: JSON.stringify(strings), maxBuffer: 1 << 30 });
  return JSON.parse(res).map((b) => (b === null ? null : Buffer.from(b, 'base64')));
}

// Encodes each string, or null where the encoder cannot round-trip it.
function encodeAll(strings, label, kind) {
  if (kind === 'python') return pythonEncode(strings, 'iso2022_jp');
  return strings.map((s) => {
    if (kind === 'buffer') return Buffer.from(s, label === 'utf-8' ? 'utf8' : 'utf16le');
    const b = iconv.encode(s, label);
    return iconv.decode(b, label) === s ? b : null;
  });
}

const MULTI_BYTE = ['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr'];

// Whether @exodus/bytes and text-encoding both decode `bytes` to `text` and, for the legacy
// encodings, both encode `text` to `bytes`: then `bytes` is what a conforming encoder writes too.
function agreed(bytes, text, label) {
  const exodus = new ExodusDecoder(label, { fatal: true });
  const te = new textEncoding.TextDecoder(label, { fatal: true });
  try {
    if (exodus.decode(bytes) !== text || te.decode(bytes) !== text) return false;
    if (label.startsWith('utf-')) return true;
    const exodusEncode = (MULTI_BYTE.includes(label) ? createMultibyteEncoder : createSinglebyteEncoder)(label);
    const teEncoder = new textEncoding.TextEncoder(label, { NONSTANDARD_allowLegacyEncoding: true });
    return Buffer.from(bytes).equals(exodusEncode(text)) && Buffer.from(bytes).equals(teEncoder.encode(text));
  } catch {
    return false;
  }
}

// Greedily takes whole lines (cycling) from the first non-ASCII line, then a code-point prefix
// of the next line, to fill at most `size` bytes.
function cut(lines, encoded, size, label, kind) {
  const start = Math.max(
    0,
    lines.findIndex((l) => /[^\0-\x7f]/.test(l)),
  );
  const parts = [];
  const texts = [];
  let n = 0;
  for (let i = start; ; i = (i + 1) % lines.length) {
    const b = encoded[i];
    if (n + b.length > size) {
      const cps = Array.from(lines[i]);
      const prefixes = cps.map((_, k) => cps.slice(0, k + 1).join(''));
      const enc = encodeAll(prefixes, label, kind);
      let k = prefixes.length - 1;
      while (k >= 0 && (!enc[k] || n + enc[k].length > size || !agreed(enc[k], prefixes[k], label))) k--;
      if (k >= 0) {
        parts.push(enc[k]);
        texts.push(prefixes[k]);
      }
      break;
    }
    parts.push(b);
    texts.push(lines[i]);
    n += b.length;
  }
  return { bytes: Buffer.concat(parts), text: texts.join('') };
}

function main() {
  mkdirSync(work, { recursive: true });
  const manifest = [];
  const cache = new Map();
  for (const [id, label, lang, kind, only = () => true] of CASES) {
    if (!cache.has(lang)) cache.set(lang, languageLines(lang));
    const source = cache.get(lang).map((l) => `${l}\n`);
    const enc = encodeAll(source, label, kind);
    const lines = [];
    const encoded = [];
    source.forEach((l, i) => {
      if (enc[i] && only(enc[i]) && agreed(enc[i], l, label)) {
        lines.push(l);
        encoded.push(enc[i]);
      }
    });
    const kept = encoded.reduce((a, b) => a + b.length, 0);
    const sizes = id === STARTUP.id ? [...SIZES, STARTUP.size] : SIZES;
    for (const size of sizes) {
      const { bytes, text } = cut(lines, encoded, size, label, kind);
      const base = `${id}-${size}`;
      writeFileSync(join(out, `${base}.bin`), bytes);
      writeFileSync(join(out, `${base}.txt`), text);
      manifest.push({
        id,
        label,
        lang,
        package: PACKAGES[lang],
        size,
        bytes: bytes.length,
        chars: text.length,
        bin: `${base}.bin`,
        txt: `${base}.txt`,
        ...(SIZES.includes(size) ? {} : { startup: true }),
      });
    }
    console.log(
      `${id.padEnd(15)} ${lang.padEnd(4)} kept ${lines.length}/${source.length} lines, ${kept} bytes${kept < SIZES[2] ? ' (cycled for 1 MiB)' : ''}`,
    );
  }
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 1));
}

main();
