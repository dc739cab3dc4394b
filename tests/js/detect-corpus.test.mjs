// The detector's corpus builder (detect/corpus.mjs): its .mo reader, language codes, line
// cleaning, manual pages as prose (scripts/debian.mjs, shared with bench/corpus.mjs), and its refusal of the packages reserved for the independent check (issue 20).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNotReserved, SOURCES } from '../../detect/corpus.mjs';
import { languageOf } from '../../detect/languages.mjs';
import { parseMo } from '../../detect/mo.mjs';
import { cleanLine } from '../../detect/text.mjs';
import { roffText } from '../../scripts/debian.mjs';

// A .mo file laid out by hand: header, originals table, translations table, then the strings.
function mo(pairs, littleEndian = true) {
  const strings = pairs.flat();
  const tables = 28;
  let offset = tables + 16 * pairs.length;
  const header = Buffer.alloc(offset);
  const put = (value, at) => (littleEndian ? header.writeUInt32LE(value, at) : header.writeUInt32BE(value, at));
  put(0x950412de, 0);
  put(0, 4);
  put(pairs.length, 8);
  put(tables, 12);
  put(tables + 8 * pairs.length, 16);
  const bodies = strings.map((s) => Buffer.concat([Buffer.from(s), Buffer.from([0])]));
  strings.forEach((s, i) => {
    const table = i % 2 === 0 ? tables : tables + 8 * pairs.length;
    const at = table + 8 * Math.floor(i / 2);
    put(Buffer.byteLength(s), at);
    put(offset, at + 4);
    offset += bodies[i].length;
  });
  return Buffer.concat([header, ...bodies]);
}

test('parseMo reads translations and English originals, both byte orders', () => {
  const pairs = [
    ['', 'Content-Type: text/plain; charset=UTF-8\n'],
    ['Open', 'Öffnen'],
    ['menu\x04Quit', 'Beenden'],
    ['one file\0%d files', 'eine Datei\0%d Dateien'],
    ['OK', 'OK'],
  ];
  for (const le of [true, false]) {
    const { lines, english } = parseMo(mo(pairs, le));
    assert.deepEqual(lines, ['Öffnen', 'Beenden', 'eine Datei', '%d Dateien']);
    assert.deepEqual(english, ['Open', 'Quit', 'one file', '%d files', 'OK']);
  }
});

test('parseMo decodes with the charset the header names, and refuses broken files', () => {
  const latin2 = mo([
    ['', 'Content-Type: text/plain; charset=ISO-8859-2\n'],
    ['x', 'x'],
  ]);
  const i = latin2.lastIndexOf(Buffer.from('x\0')); // the translation, last in the file
  latin2[i] = 0xb3; // ł in ISO-8859-2
  assert.deepEqual(parseMo(latin2).lines, ['ł']);
  assert.deepEqual(parseMo(latin2.subarray(0, latin2.length - 3)).lines, []);
  assert.deepEqual(parseMo(Buffer.from('not a catalogue at all')).lines, []);
  const unknown = mo([
    ['', 'Content-Type: text/plain; charset=NO-SUCH-CHARSET\n'],
    ['a', 'b'],
  ]);
  assert.deepEqual(parseMo(unknown).lines, []);
});

test('languageOf maps locale codes to the languages gathered', () => {
  const cases = {
    pt_BR: 'pt',
    'zh-tw': 'zh-Hant',
    zh_HK: 'zh-Hant',
    zh_CN: 'zh-Hans',
    'zh-cn': 'zh-Hans',
    zh: null,
    'sr@latin': null,
    sr_Latn_RS: null,
    'sr@ijekavian': 'sr',
    sr_RS: 'sr',
    C: 'en',
    'nb-no': 'nb',
    no: 'nb',
    de_DE: 'de',
    fa: null,
  };
  for (const [code, lang] of Object.entries(cases)) assert.equal(languageOf(code), lang, code);
});

test('cleanLine strips accelerators, format directives and markup', () => {
  assert.equal(cleanLine('_Open File', 'en', 'catalogue'), 'Open File');
  assert.equal(cleanLine('Ö&ffnen (_O)', 'de', 'catalogue'), 'Öffnen');
  assert.equal(cleanLine('ファイルを開く(_O)', 'ja', 'catalogue'), 'ファイルを開く');
  assert.equal(cleanLine(`Datei %1$s, %(name)s {0} \${HOME} ok`, 'de', 'catalogue'), 'Datei , ok');
  assert.equal(cleanLine('<b>Fett</b> &amp; mehr', 'de', 'catalogue'), 'Fett & mehr');
  assert.equal(cleanLine('Tom & Jerry', 'en', 'catalogue'), 'Tom & Jerry');
  assert.equal(cleanLine('100% of it', 'en', 'running'), '100% of it');
  assert.equal(cleanLine('  two\t spaces ', 'en', 'running'), 'two spaces');
});

test('cleanLine drops lines foreign to the language, mostly ASCII, or without letters', () => {
  assert.equal(cleanLine('Открыть файл', 'de', 'running'), '');
  assert.equal(cleanLine('Открыть файл', 'ru', 'running'), 'Открыть файл');
  assert.equal(cleanLine('Open file', 'ru', 'running'), '');
  assert.equal(cleanLine('Open GIMP файл', 'ru', 'running'), '');
  assert.equal(cleanLine('Открыть GIMP', 'ru', 'running'), 'Открыть GIMP');
  assert.equal(cleanLine('한국어 日本語', 'ja', 'running'), '');
  assert.equal(cleanLine('12345 — 678', 'en', 'running'), '');
  assert.equal(cleanLine('bad \uFFFD byte', 'en', 'running'), '');
});

test('reserved packages are refused, and none is a source', () => {
  for (const name of [
    'debian-handbook',
    'debian-reference-fr',
    'debian-faq-ko',
    'manpages-de',
    'libreoffice-help-el',
    'libreoffice-l10n-ja',
    'firefox-esr-l10n-ru',
    'thunderbird-l10n-pl',
  ]) {
    assert.throws(() => assertNotReserved(['iso-codes', name]), new RegExp(`reserved packages.*${name}`));
  }
  assert.doesNotThrow(() => assertNotReserved(SOURCES.map(([p]) => p)));
});

test('roffText keeps the text of lines and of font and heading macros, and drops requests and escapes', () => {
  const page = [
    '.\\" a comment',
    '.TH LS 1',
    '.SH "NAME"',
    'ls \\- list \\fBdirectory\\fR contents\\(em\\[u00E9]t\\[em]',
    '.BR ls (1)',
    "'br",
    'a\\ b\\&c \\e   ',
  ].join('\n');
  // Special characters (\\(em, \\[u00E9]) go with the other escapes; trailing spaces too.
  assert.equal(roffText(page), ['NAME', 'ls - list directory contentst', 'ls (1)', 'a bc \\'].join('\n'));
});
