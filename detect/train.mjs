// Trains the encoding detector's model (src/detect/) from detect/corpus/<lang>.train.txt, never
// the held-out text. Run: `node detect/train.mjs` (after `node detect/corpus.mjs`); it writes
// src/detect/model.bin (the tables) and src/detect/model.rs (what the tables are and where).
//
// Single-byte encodings: each language group (chardetng's grouping, detect/languages.mjs) gets an
// alphabet of classes: 0 ASCII non-letters, 1 ASCII vowels, 2 ASCII consonants, then the group's
// most frequent non-ASCII characters (case folded), then "other letter" and "other symbol". Each
// language of the group gets a table of -ln P(class | previous class), in eighths of a nat, a
// small one of -ln P(letter case | previous letter case) for pairs that hold non-ASCII, and the
// costs of its ASCII-to-ASCII pairs in 1/256 nat (the detector counts those once for every
// candidate). Each candidate encoding maps its bytes 0x80..=0xFF to its group's classes (or to
// "impossible": unmapped, or a C1 control); a text's cost in a group is that in the language of
// the group it fits best.
//
// CJK encodings: every pointer of the encoding's index gets a 2-bit frequency class from the
// language's text (0 no character, 1 rare, 2 common, 3 most common), and each class a cost,
// -ln of the average probability of one of its characters, in eighths of a nat.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from './languages.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const CORPUS = join(ROOT, 'detect/corpus');
const SCALE = 8; // cost units per nat
const MAX_CHARS = 3_000_000; // training text read per language, for time
const MAX_CLASSES = 58; // non-ASCII characters per group alphabet: classes fit in 6 bits, 63 impossible

// The candidate single-byte encodings by group, the first of each the group's usual one.
export const GROUPS = [
  ['Western', ['windows-1252', 'ISO-8859-15']],
  ['Central European', ['windows-1250', 'ISO-8859-2']],
  ['Baltic', ['windows-1257', 'ISO-8859-4', 'ISO-8859-13']],
  ['Cyrillic', ['windows-1251', 'KOI8-U', 'ISO-8859-5', 'IBM866', 'x-mac-cyrillic']],
  ['Greek', ['windows-1253', 'ISO-8859-7']],
  ['Hebrew', ['windows-1255']],
  ['Arabic', ['windows-1256', 'ISO-8859-6']],
  ['Thai', ['windows-874']],
  ['Turkish', ['windows-1254']],
  ['Vietnamese', ['windows-1258']],
];
const INDEX_FILE = {
  'windows-1252': 'windows-1252',
  'ISO-8859-15': 'iso-8859-15',
  'windows-1250': 'windows-1250',
  'ISO-8859-2': 'iso-8859-2',
  'windows-1257': 'windows-1257',
  'ISO-8859-4': 'iso-8859-4',
  'ISO-8859-13': 'iso-8859-13',
  'windows-1251': 'windows-1251',
  'KOI8-U': 'koi8-u',
  'ISO-8859-5': 'iso-8859-5',
  IBM866: 'ibm866',
  'x-mac-cyrillic': 'x-mac-cyrillic',
  'windows-1253': 'windows-1253',
  'ISO-8859-7': 'iso-8859-7',
  'windows-1255': 'windows-1255',
  'windows-1256': 'windows-1256',
  'ISO-8859-6': 'iso-8859-6',
  'windows-874': 'windows-874',
  'windows-1254': 'windows-1254',
  'windows-1258': 'windows-1258',
};
// CJK tables: the index, the language that trains it, and the pointers the encoder never emits
// (https://encoding.spec.whatwg.org/#index-shift_jis-pointer, #index-big5-pointer).
const CJK = [
  ['jis0208', 'ja', (p) => p >= 8272 && p <= 8835],
  ['euc-kr', 'ko', () => false],
  ['big5', 'zh-Hant', (p) => p < (0xa1 - 0x81) * 157],
  ['gb18030', 'zh-Hans', () => false],
];

function readIndex(name) {
  const index = [];
  for (const line of readFileSync(join(ROOT, `indexes/index-${name}.txt`), 'utf8').split('\n')) {
    const m = /^\s*(\d+)\t0x([0-9A-F]+)/.exec(line);
    if (m) index[Number(m[1])] = Number.parseInt(m[2], 16);
  }
  return index;
}

function* trainingLines(lang) {
  const text = readFileSync(join(CORPUS, `${lang}.train.txt`), 'utf8');
  yield text.length > MAX_CHARS ? text.slice(0, text.lastIndexOf('\n', MAX_CHARS)) : text;
}

const fold = (c) => {
  const l = c.toLowerCase();
  return [...l].length === 1 ? l : c;
};
const caseOf = (c) => (c.toLowerCase() !== c ? 2 : c.toUpperCase() !== c ? 1 : 0);
const isLetter = (c) => /[\p{L}\p{M}]/u.test(c);
const IMPOSSIBLE = 63;
const CEDILLA = { '\u0218': '\u015e', '\u0219': '\u015f', '\u021a': '\u0162', '\u021b': '\u0163' };
const isAsciiLetter = (cp) => (cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a;
// ASCII's classes: 0 non-letters, 1 vowels, 2 consonants.
const ASCII_CLASSES = 3;
const asciiClass = (cp) => (!isAsciiLetter(cp) ? 0 : 'aeiouy'.includes(String.fromCharCode(cp | 0x20)) ? 1 : 2);

// Text as windows-1258 writes it: a letter it lacks becomes a letter it has (the base with one
// of the marks) and the other marks combining.
export function asWindows1258(text, codePoints) {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0);
    if (cp < 0x80 || codePoints.has(cp)) {
      out += ch;
      continue;
    }
    const [base, ...marks] = ch.normalize('NFD');
    const i = marks.findIndex((m) => codePoints.has((base + m).normalize('NFC').codePointAt(0)));
    out +=
      i < 0 ? base + marks.join('') : (base + marks[i]).normalize('NFC') + marks.filter((_, j) => j !== i).join('');
  }
  return out;
}

// -ln P(b | a) for each cell (a, b) of the n × n joint probabilities `joint`, from `count`
// pairs, smoothed, in model units (at most 255).
function conditionalCosts(joint, n, count) {
  const out = new Uint8Array(n * n);
  for (let a = 0; a < n; a++) {
    const row = joint.slice(a * n, a * n + n).reduce((x, y) => x + y, 0);
    for (let b = 0; b < n; b++) {
      const p = (joint[a * n + b] * count + 0.5) / (row * count + 0.5 * n);
      out[a * n + b] = Math.min(255, Math.round(-Math.log(p) * SCALE));
    }
  }
  return out;
}

// The ASCII-to-ASCII costs (by ASCII class, then ASCII class), finer: they
// add up over long ASCII runs. In units of 1/ASCII_SCALE nat, little-endian u16.
const ASCII_SCALE = 256;
function asciiPairCosts(n, joint, count) {
  const out = new Uint8Array(ASCII_CLASSES * ASCII_CLASSES * 2);
  for (let a = 0; a < ASCII_CLASSES; a++) {
    let row = 0;
    for (let b = 0; b < n; b++) row += joint(a, b);
    for (let b = 0; b < ASCII_CLASSES; b++) {
      const p = (joint(a, b) * count + 0.5) / (row * count + 0.5 * n);
      const c = Math.min(65535, Math.round(-Math.log(p) * ASCII_SCALE));
      out[(a * ASCII_CLASSES + b) * 2] = c & 255;
      out[(a * ASCII_CLASSES + b) * 2 + 1] = c >> 8;
    }
  }
  return out;
}

function trainGroup(name, encodings) {
  const langs = Object.keys(LANGUAGES).filter((l) => LANGUAGES[l].group === name);
  const decoders = encodings.map((e) => readIndex(INDEX_FILE[e]));
  const encodable = new Set(
    decoders.flatMap((d) => d.filter((cp) => cp >= 0xa0).map((cp) => fold(String.fromCodePoint(cp)))),
  );
  // Romanian's comma-below letters are in no legacy encoding, which writes the cedilla ones.
  const texts = langs.map((l) => [...trainingLines(l)].join('\n').replace(/[\u0218-\u021b]/g, (c) => CEDILLA[c]));
  if (name === 'Vietnamese') texts[0] = asWindows1258(texts[0], new Set(decoders[0]));
  // The alphabet: the most frequent encodable non-ASCII characters, each language weighted equally.
  const freq = new Map();
  for (const text of texts) {
    const counts = new Map();
    let total = 0;
    for (const ch of text) {
      if (ch.codePointAt(0) < 0x80) continue;
      const f = fold(ch);
      if (!encodable.has(f)) continue;
      counts.set(f, (counts.get(f) ?? 0) + 1);
      total++;
    }
    for (const [f, n] of counts) freq.set(f, (freq.get(f) ?? 0) + n / total);
  }
  const ranked = [...freq].sort((a, b) => b[1] - a[1]);
  const sum = ranked.reduce((s, [, n]) => s + n, 0);
  const alphabet = [];
  let covered = 0;
  for (const [f, n] of ranked) {
    if (alphabet.length === MAX_CLASSES || covered > sum * 0.9995) break;
    alphabet.push(f);
    covered += n;
  }
  const OTHER_LETTER = alphabet.length + ASCII_CLASSES;
  const OTHER_SYMBOL = OTHER_LETTER + 1;
  const classes = OTHER_SYMBOL + 1;
  const classOfFolded = new Map(alphabet.map((f, i) => [f, i + ASCII_CLASSES]));
  // A character none of the group's encodings has (-1) is in no pair: legacy text lacks it.
  const classOf = (ch) => {
    const cp = ch.codePointAt(0);
    if (cp < 0x80) return asciiClass(cp);
    const f = fold(ch);
    if (!encodable.has(f)) return -1;
    return classOfFolded.get(f) ?? (isLetter(ch) ? OTHER_LETTER : OTHER_SYMBOL);
  };
  // Each language's block: its pair costs, -ln P(class | previous class); its letter-case pair
  // costs for pairs with non-ASCII, -ln P(case | previous case); its ASCII pair costs.
  const blocks = texts.map((text) => {
    const counts = new Float64Array(classes * classes);
    const caseCounts = new Float64Array(9);
    let prev = 0;
    let prevCase = 0;
    let n = 0;
    for (const ch of text) {
      const c = classOf(ch);
      const k = caseOf(ch);
      if (c < 0 || prev < 0) {
        prev = c;
        continue;
      }
      counts[prev * classes + c]++;
      if (prev >= ASCII_CLASSES || c >= ASCII_CLASSES) caseCounts[prevCase * 3 + k]++;
      prev = c;
      prevCase = k;
      n++;
    }
    const nonAscii = caseCounts.reduce((s, x) => s + x, 0) || 1;
    return Buffer.concat([
      conditionalCosts(
        counts.map((x) => x / n),
        classes,
        n,
      ),
      conditionalCosts(
        caseCounts.map((x) => x / nonAscii),
        3,
        nonAscii,
      ),
      asciiPairCosts(classes, (a, b) => counts[a * classes + b] / n, n),
    ]);
  });
  // Each encoding's bytes 0x80..=0xFF as classes (bits 0-5) and letter cases (bits 6-7).
  const byteClasses = decoders.map((index) => {
    const table = new Uint8Array(128);
    for (let b = 0; b < 128; b++) {
      const cp = index[b];
      if (cp === undefined || (cp >= 0x80 && cp < 0xa0)) {
        table[b] = IMPOSSIBLE;
        continue;
      }
      const ch = String.fromCodePoint(cp);
      table[b] = classOf(ch) | (caseOf(ch) << 6);
    }
    return table;
  });
  console.log(`${name}: ${langs.join(' ')}; ${alphabet.length} characters: ${alphabet.join('')}`);
  return { name, langs, encodings, classes, blocks, byteClasses };
}

function trainCjk([indexName, lang, excluded]) {
  const index = readIndex(indexName);
  const pointerOf = new Map();
  index.forEach((cp, p) => {
    if (cp !== undefined && !excluded(p) && !pointerOf.has(cp)) pointerOf.set(cp, p);
  });
  const counts = new Map();
  let total = 0;
  // Pairs of ASCII's classes and anything else (ASCII_CLASSES).
  const K = ASCII_CLASSES + 1;
  const joint = new Float64Array(K * K);
  let prev = 0;
  let chars = 0;
  for (const text of trainingLines(lang)) {
    for (const ch of text) {
      const cp = ch.codePointAt(0);
      const c = cp < 0x80 ? asciiClass(cp) : ASCII_CLASSES;
      joint[prev * K + c]++;
      prev = c;
      chars++;
      const p = pointerOf.get(cp);
      if (p === undefined) continue;
      counts.set(p, (counts.get(p) ?? 0) + 1);
      total++;
    }
  }
  const classes = new Uint8Array(index.length).map((_, p) => (index[p] === undefined ? 0 : 1));
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const mass = [0, 0, 0, 0];
  const members = [0, 0, 0, 0];
  let seen = 0;
  for (const [p, n] of ranked) {
    const c = seen < total * 0.75 ? 3 : seen < total * 0.97 ? 2 : 1;
    classes[p] = c;
    mass[c] += n;
    seen += n;
  }
  for (const c of classes) members[c]++;
  mass[1] += 1; // no class of mapped characters is impossible
  const costs = [1, 2, 3].map((c) => Math.min(255, Math.round(-Math.log(mass[c] / total / members[c]) * SCALE)));
  const packed = new Uint8Array(Math.ceil(classes.length / 4));
  classes.forEach((c, p) => {
    packed[p >> 2] |= c << ((p & 3) * 2);
  });
  console.log(`${indexName} (${lang}): ${members.join('/')} pointers per class, costs ${costs.join('/')}`);
  const asciiCosts = asciiPairCosts(K, (a, b) => joint[a * K + b] / chars, chars);
  return { indexName, pointers: index.length, costs, packed, asciiCosts };
}

const groups = GROUPS.map(([name, encs]) => trainGroup(name, encs));
const cjk = CJK.map(trainCjk);

// model.bin: every group's pair and case costs, every encoding's byte classes, every CJK table.
const parts = [];
let offset = 0;
const place = (bytes) => {
  parts.push(bytes);
  const at = offset;
  offset += bytes.length;
  return at;
};
const rustGroups = groups.map((g) => {
  const at = place(Buffer.concat(g.blocks));
  return `    Group { classes: ${g.classes}, languages: ${g.langs.length}, at: ${at} }, // ${g.name}: ${g.langs.join(' ')}`;
});
const rustSingle = groups.flatMap((g, gi) =>
  g.encodings.map((e, ei) => `    (Encoding::${variant(e)}, ${gi}, ${place(g.byteClasses[ei])}),`),
);
const rustCjk = cjk.map(
  (t) =>
    `    Cjk { pointers: ${t.pointers}, costs: [${t.costs.join(', ')}], table: ${place(t.packed)}, ascii: ${place(t.asciiCosts)} }, // ${t.indexName}`,
);
writeFileSync(join(ROOT, 'src/detect/model.bin'), Buffer.concat(parts));

function variant(name) {
  const registry = JSON.parse(readFileSync(join(ROOT, 'indexes/encodings.json'), 'utf8'));
  if (!registry.some((f) => f.encodings.some((e) => e.name === name))) throw new Error(name);
  // As build.rs names the variants: each word's letters capitalized after a non-letter, `_`
  // between two numbers ("ISO-8859-15" is Iso8859_15).
  let v = '';
  for (const word of name.split(/[-_]/)) {
    if (/\d$/.test(v) && /^\d/.test(word)) v += '_';
    let afterLetter = false;
    for (const c of word) {
      v += afterLetter ? c.toLowerCase() : c.toUpperCase();
      afterLetter = /[a-z]/i.test(c);
    }
  }
  return v;
}

writeFileSync(
  join(ROOT, 'src/detect/model.rs'),
  `// Generated by \`node detect/train.mjs\` from detect/corpus/*.train.txt: do not edit.
//! The detector's trained tables (in model.bin) and where each one starts.

use super::tables::{Cjk, Group};
use crate::Encoding;

/// Every table, back to back.
pub static DATA: &[u8; ${offset}] = include_bytes!("model.bin");

/// Cost units per nat in every table but the ASCII pair costs.
pub const SCALE: u32 = ${SCALE};

/// Cost units per nat of the ASCII pair costs.
pub const ASCII_SCALE: u32 = ${ASCII_SCALE};

/// The single-byte language groups: their number of classes and languages, and where the
/// languages' tables start.
pub static GROUPS: [Group; ${groups.length}] = [
${rustGroups.join('\n')}
];

/// The single-byte candidates: the encoding, its group, and where its byte classes start.
pub static SINGLE_BYTE: [(Encoding, usize, usize); ${rustSingle.length}] = [
${rustSingle.join('\n')}
];

/// The CJK frequency tables: JIS X 0208, EUC-KR, Big5, GBK.
pub static CJK: [Cjk; ${rustCjk.length}] = [
${rustCjk.join('\n')}
];
`,
);
execFileSync('rustfmt', ['--edition', '2021', join(ROOT, 'src/detect/model.rs')]);
console.log(`model.bin: ${offset} bytes`);
