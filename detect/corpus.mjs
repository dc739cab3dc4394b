// Gathers real UTF-8 text per language into detect/corpus/ (gitignored), the training material
// for the encoding detector's statistical models (issue 20). Run: `node detect/corpus.mjs`
// (`--force` to fetch and build again). Needs apt-get and dpkg-deb, as bench/corpus.mjs does.
//
// The languages are those whose legacy encodings a browser considers for unlabeled content
// (chardetng's set). The text comes from the Debian 12 "bookworm" packages in SOURCES, fetched
// with `apt-get download` and unpacked with dpkg-deb: translated documentation (running text),
// message catalogues (.mo files, parsed here) and word lists (hunspell .dic, /usr/share/dict).
// Packages reserved for the project's independent check (RESERVED) are refused outright.
//
// Each line is cleaned (markup, format directives and accelerators stripped), kept only if it is
// in the language's script, deduplicated, and sent by a hash of its text to <lang>.train.txt or,
// one line in ten, to <lang>.heldout.txt. manifest.json and detect/SOURCES.md say what came from
// where, under which licences, and how much was kept.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseMo } from './mo.mjs';
import { LANGUAGES, languageOf } from './languages.mjs';
import { fetchPackage, requireTools, roffText, walk } from '../scripts/debian.mjs';
import { cleanLine, htmlText, xmlText } from './text.mjs';

const here = new URL('.', import.meta.url).pathname;
const out = join(here, 'corpus');
const work = join(out, 'src');

// Never to be used for training or tuning: the independent check's text (issue 20, item 4).
export const RESERVED = [
  /^debian-handbook$/,
  /^debian-reference(-|$)/,
  /^debian-faq(-|$)/,
  /^manpages(-|$)/,
  /^libreoffice-help-/,
  /^libreoffice-l10n-/,
  /^firefox-esr-l10n-/,
  /^thunderbird-l10n-/,
];

// Per kind, the most UTF-8 bytes kept per language. Word lists only fill a language up to
// WORDS_UP_TO, as running text and catalogue strings say more about real use.
const CAP = { running: 6e6, catalogue: 3e6, words: 2e6 };
const WORDS_UP_TO = 2e6;
const KINDS = ['running', 'catalogue', 'words'];

// How a file's path names its language: the first capture is a locale or language code.
const MO = /\/([^/]+)\/LC_MESSAGES\/[^/]+\.mo$/;
const HELP = /^usr\/share\/help\/([^/]+)\/.+\.page$/;
const MAN = /^usr\/share\/man\/([^/]+)\/man\d\/[^/]+\.gz$/;
const DIC = /^usr\/share\/hunspell\/([^/]+)\.dic$/;
const html = (dir) => new RegExp(`^${dir}\\.html$`);

// Package, kind of text, and the files used: [path pattern, format]. Order matters: within a
// kind, earlier packages fill a language first.
const gimpHelp = ['en', 'el', 'ko', 'ro', 'sl', 'hu', 'cs', 'lt', 'uk', 'hr', 'fi', 'da', 'nn', 'ca', 'ja', 'zh-cn'];
const catalogues = [
  'iso-codes',
  'libc-l10n',
  'coreutils',
  'gnupg-l10n',
  'util-linux-locales',
  'e2fsprogs-l10n',
  'gcc-12-locales',
  'tar',
  'gettext',
  'grep',
  'sed',
  'findutils',
  'bash',
  'wget',
  'apt',
  'dpkg',
  'aptitude-common',
  'debconf-i18n',
  'vlc-l10n',
  'inkscape',
  'gimp-data',
  'freeciv-data',
  'libgtk-3-common',
  'libglib2.0-data',
  'gnome-control-center-data',
  'evolution-data-server-common',
  'nautilus-data',
  'gnome-shell-common',
  'gedit-common',
  'evince-common',
  'plasma-desktop-data',
  'plasma-workspace-data',
  'xfce4-session',
  'xfce4-panel',
  'thunar-data',
  'mate-desktop-common',
  'evolution-common',
  'gnumeric-common',
  'pidgin-data',
  'audacity-data',
  'gramps',
  'gnucash-common',
  'filezilla-common',
  'gnome-terminal-data',
  'gnome-system-monitor',
  'file-roller',
  'eog',
  'totem-common',
  'rhythmbox-data',
  'aisleriot',
  'gnome-calculator',
  'konsole',
  'dolphin',
  'kate',
  'okular',
  'claws-mail-i18n',
  'geany-common',
  'sylpheed-i18n',
];
const hunspell = [
  'hunspell-ar',
  'hunspell-be',
  'hunspell-bg',
  'hunspell-ca',
  'hunspell-cs',
  'hunspell-da',
  'hunspell-de-de',
  'hunspell-el',
  'hunspell-en-us',
  'hunspell-es',
  'hunspell-eu',
  'hunspell-fr',
  'hunspell-gl',
  'hunspell-he',
  'hunspell-hr',
  'hunspell-hu',
  'hunspell-is',
  'hunspell-it',
  'hunspell-ko',
  'hunspell-lt',
  'hunspell-lv',
  'hunspell-nl',
  'hunspell-no',
  'hunspell-pl',
  'hunspell-pt-br',
  'hunspell-pt-pt',
  'hunspell-ro',
  'hunspell-ru',
  'hunspell-sk',
  'hunspell-sl',
  'hunspell-sr',
  'hunspell-sv',
  'hunspell-th',
  'hunspell-tr',
  'hunspell-uk',
  'hunspell-vi',
  'myspell-et',
  'myspell-ga',
];
export const SOURCES = [
  ['installation-guide-amd64', 'running', [[html('usr/share/doc/installation-guide-amd64/([^/]+)/[^/]+'), 'html']]],
  ['debian-history', 'running', [[html('usr/share/doc/debian-history/docs/[^/.]+\\.([^/.]+)'), 'html']]],
  ...['da', 'de', 'es', 'fr', 'it', 'ja', 'nb-no', 'nl', 'pt-br', 'pt-pt', 'zh-cn'].map((l) => [
    `debian-edu-doc-${l}`,
    'running',
    [[html(`usr/share/doc/debian-edu-doc-(${l})/debian-edu-bookworm-manual`), 'html']],
  ]),
  ...['de', 'fr', 'it', 'ja', 'ru'].map((l) => [
    `developers-reference-${l}`,
    'running',
    [[html('usr/share/developers-reference/([^/]+)/[^/]+'), 'html']],
  ]),
  ...['ca', 'de', 'es', 'fr', 'it', 'ja', 'ru', 'vi', 'zh-cn', 'zh-tw'].map((l) => [
    `maint-guide-${l}`,
    'running',
    [[html('usr/share/doc/maint-guide-[^/]+/html/[^/]+\\.([^/.]+)'), 'html']],
  ]),
  ['gnome-user-docs', 'running', [[HELP, 'xml']]],
  ['evolution-common', 'running', [[HELP, 'xml']]],
  ['mate-user-guide', 'running', [[HELP, 'xml']]],
  ['inkscape-tutorials', 'running', [[/^usr\/share\/inkscape\/tutorials\/tutorial-[\w-]+\.([\w@]+)\.svg$/, 'xml']]],
  ...gimpHelp.map((l) => [`gimp-help-${l}`, 'running', [[html('usr/share/gimp/2\\.0/help/([^/]+)/.+'), 'html']]]),
  ...['dpkg', 'dpkg-dev', 'apt', 'debconf-doc'].map((p) => [p, 'running', [[MAN, 'roff']]]),
  ['fortunes-de', 'running', [[/^usr\/share\/games\/fortunes\/(de)\/[^/.]+$/, 'fortune']]],
  ['fortunes-it', 'running', [[/^usr\/share\/games\/fortunes\/(it)\/[^/.]+$/, 'fortune']]],
  ['fortunes-es', 'running', [[/^usr\/share\/games\/fortunes\/(es)\/[^/.]+$/, 'fortune']]],
  ['fortunes-ru', 'running', [[/^usr\/share\/games\/fortunes\/(ru)\/[^/.]+$/, 'fortune']]],
  ['fortunes-cs', 'running', [[/^usr\/share\/games\/fortunes\/(cs|sk)\/[^/.]+$/, 'fortune']]],
  ['fortunes-pl', 'running', [[/^usr\/share\/games\/fortunes\/(pl)\/[^/.]+$/, 'fortune']]],
  ['fortunes-bg', 'running', [[/^usr\/share\/games\/fortunes\/(bg)\/[^/.]+$/, 'fortune']]],
  // Only `chinese` there is Simplified Chinese prose; the poem collections are left out.
  ['fortunes-zh', 'running', [[/^usr\/share\/games\/fortunes\/chinese()$/, 'fortune', 'zh_CN']]],
  ...catalogues.map((p) => [p, 'catalogue', [[MO, 'mo']]]),
  ...hunspell.map((p) => [p, 'words', [[DIC, 'dic']]]),
  ['wbulgarian', 'words', [[/^usr\/share\/dict\/bulgarian()$/, 'list', 'bg']]],
  ['wukrainian', 'words', [[/^usr\/share\/dict\/ukrainian()$/, 'list', 'uk']]],
];

// Fails loudly if any source is a reserved package.
export function assertNotReserved(names) {
  const bad = names.filter((n) => RESERVED.some((r) => r.test(n)));
  if (bad.length) throw new Error(`reserved packages must never be used for the detector: ${bad.join(', ')}`);
}

// Version and licences from the unpacked package (its control file and its copyright file; a
// package whose doc directory links to another's has that package's copyright).
function packageInfo(name, dir) {
  const control = readFileSync(join(dir, 'DEBIAN', 'control'), 'utf8');
  const version = /^Version: (.+)$/m.exec(control)[1];
  let docDir = join(dir, 'usr/share/doc', name);
  let from = name;
  if (lstatSync(docDir, { throwIfNoEntry: false })?.isSymbolicLink()) {
    from = readlinkSync(docDir).replace(/\/$/, '');
    docDir = join(fetchPackage(from, work), 'usr/share/doc', from);
  }
  const copyright = join(docDir, 'copyright');
  return { version, licence: existsSync(copyright) ? licences(readFileSync(copyright, 'utf8')) : 'unstated', from };
}

function licences(text) {
  const dep5 = [...text.matchAll(/^License: *(\S.*)$/gm)].map((m) => m[1].trim());
  if (dep5.length) return [...new Set(dep5)].join('; ');
  const known = [
    [/GNU Lesser General Public License|\bLGPL/, 'LGPL'],
    [/GNU (?:Free Documentation License|FDL)|\bGFDL/, 'GFDL'],
    [/GNU General Public License|\bGPL/, 'GPL'],
    [/Creative Commons|\bCC-BY/, 'CC'],
    [/\bBSD\b/, 'BSD'],
    [/\bMIT\b/, 'MIT'],
    [/public domain/i, 'public domain'],
  ];
  const found = known.filter(([re]) => re.test(text)).map(([, n]) => n);
  return found.length ? `${found.join('; ')} (not machine-readable)` : 'see copyright file';
}

// Lines of one file in `format`, with, for message catalogues, their English source strings.
function fileLines(path, format) {
  const bytes = readFileSync(path);
  if (format === 'mo') return parseMo(bytes);
  if (format === 'dic') return { lines: dicWords(bytes, path) };
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let text;
  try {
    text = utf8.decode(format === 'roff' ? gunzipSync(bytes) : bytes);
  } catch {
    return { lines: [] }; // not UTF-8: its encoding is unknown, so it cannot be trusted
  }
  if (format === 'html') text = htmlText(text);
  else if (format === 'xml') text = xmlText(text);
  else if (format === 'roff') text = roffText(text);
  else if (format === 'fortune') text = text.replace(/^%$|^\s*--.*$/gm, '');
  return { lines: text.split('\n') };
}

// Hunspell dictionary: the words before their affix flags, in the encoding the .aff file names.
function dicWords(bytes, path) {
  const aff = path.replace(/\.dic$/, '.aff');
  const set = existsSync(aff) ? /^SET\s+(\S+)/m.exec(readFileSync(aff, 'latin1')) : null;
  let decoder;
  try {
    decoder = new TextDecoder(set ? set[1] : 'utf-8', { fatal: true });
  } catch {
    return [];
  }
  let text;
  try {
    text = decoder.decode(bytes);
  } catch {
    return [];
  }
  return text
    .split('\n')
    .slice(1)
    .map((l) => l.split(/[/\t]/)[0]);
}

// Which of ten a line goes to: 0 is held out.
const bucket = (line) => createHash('sha256').update(line).digest().readUInt32BE(0) % 10;

function build() {
  assertNotReserved(SOURCES.map(([p]) => p));
  requireTools();
  mkdirSync(work, { recursive: true });
  const langs = Object.fromEntries(
    Object.keys(LANGUAGES).map((l) => [
      l,
      {
        seen: new Set(),
        lines: { running: [], catalogue: [], words: [] },
        bytes: { running: 0, catalogue: 0, words: 0 },
      },
    ]),
  );
  const english = new Set(); // English text, to drop untranslated copies from other languages
  const packages = {};
  const started = Date.now();
  for (const kind of KINDS) {
    for (const [pkg, k, rules] of SOURCES) {
      if (k !== kind) continue;
      const dir = fetchPackage(pkg, work);
      packages[pkg] ??= { ...packageInfo(pkg, dir), kinds: [] };
      packages[pkg].kinds.push(kind);
      for (const path of walk(dir)) {
        const rel = relative(dir, path);
        for (const [re, format, fixed] of rules) {
          const m = re.exec(rel);
          if (!m) continue;
          const lang = languageOf(fixed ?? m[1]);
          const target = lang && langs[lang];
          const full = !target || target.bytes[kind] >= CAP[kind] || (kind === 'words' && total(target) >= WORDS_UP_TO);
          if (full && format !== 'mo') continue;
          const { lines, english: sources = [] } = fileLines(path, format);
          for (const s of sources) add(langs.en, 'en', s, kind, pkg, english);
          if (!full) for (const line of lines) add(target, lang, line, kind, pkg, english);
        }
      }
      console.log(`${pkg.padEnd(30)} ${packages[pkg].version}  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  }
  return write(langs, packages, english, Date.now() - started);
}

const total = (t) => t.bytes.running + t.bytes.catalogue + t.bytes.words;

function add(target, lang, raw, kind, pkg, english) {
  for (const piece of raw.split('\n')) {
    const line = cleanLine(piece, lang, kind);
    if (!line) continue;
    if (lang === 'en') english.add(line);
    if (target.seen.has(line)) continue;
    if (target.bytes[kind] >= CAP[kind] || (kind === 'words' && total(target) >= WORDS_UP_TO)) return;
    target.seen.add(line);
    target.lines[kind].push([line, pkg]);
    target.bytes[kind] += Buffer.byteLength(line) + 1;
  }
}

function write(langs, packages, english, ms) {
  const manifest = { generatedBy: 'node detect/corpus.mjs', seconds: Math.round(ms / 1000), packages, languages: {} };
  for (const [lang, t] of Object.entries(langs)) {
    const train = [];
    const heldout = [];
    const bytes = { running: 0, catalogue: 0, words: 0 };
    const used = {};
    for (const kind of KINDS) {
      for (const [line, pkg] of t.lines[kind]) {
        if (lang !== 'en' && english.has(line) && LANGUAGES[lang].latin) continue; // untranslated
        (bucket(line) === 0 ? heldout : train).push(line);
        const n = Buffer.byteLength(line) + 1;
        bytes[kind] += n;
        used[pkg] = (used[pkg] ?? 0) + n;
      }
    }
    const trainFile = `${lang}.train.txt`;
    const heldoutFile = `${lang}.heldout.txt`;
    writeFileSync(join(out, trainFile), train.length ? `${train.join('\n')}\n` : '');
    writeFileSync(join(out, heldoutFile), heldout.length ? `${heldout.join('\n')}\n` : '');
    manifest.languages[lang] = {
      name: LANGUAGES[lang].name,
      group: LANGUAGES[lang].group,
      train: {
        file: trainFile,
        lines: train.length,
        bytes: Buffer.byteLength(train.join('\n')) + (train.length ? 1 : 0),
      },
      heldout: {
        file: heldoutFile,
        lines: heldout.length,
        bytes: Buffer.byteLength(heldout.join('\n')) + (heldout.length ? 1 : 0),
      },
      bytesByKind: bytes,
      packages: Object.fromEntries(
        Object.entries(used).map(([p, n]) => [
          p,
          { version: packages[p].version, licence: packages[p].licence, bytes: n },
        ]),
      ),
    };
  }
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  writeFileSync(join(here, 'SOURCES.md'), sourcesMarkdown(manifest));
  return manifest;
}

function sourcesMarkdown({ packages, languages }) {
  const mb = (n) => (n / 1e6).toFixed(2);
  const rows = Object.entries(languages).map(([lang, l]) => {
    const used = Object.entries(l.packages)
      .map(([p, { version, bytes }]) => `${p} ${version} (${mb(bytes)})`)
      .join(', ');
    const k = l.bytesByKind;
    return `| ${lang} | ${l.name} | ${l.group} | ${mb(l.train.bytes)} | ${mb(l.heldout.bytes)} | ${mb(k.running)} / ${mb(k.catalogue)} / ${mb(k.words)} | ${used} |`;
  });
  const pkgRows = Object.entries(packages)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(
      ([p, i]) =>
        `| ${p} | ${i.version} | ${i.kinds.join(', ')} | ${i.licence}${i.from === p ? '' : ` (copyright of ${i.from})`} |`,
    );
  return `# Training text for the encoding detector

Generated by \`node detect/corpus.mjs\` (writes detect/corpus/, which is not committed; \`--force\`
fetches and builds again). Debian 12 "bookworm" packages, fetched with \`apt-get download\` and
unpacked with \`dpkg-deb\`. Packages reserved for the independent check (\`debian-handbook\`,
\`debian-reference-*\`, \`debian-faq-*\`, \`manpages-*\`, \`libreoffice-help-*\`,
\`libreoffice-l10n-*\`, \`firefox-esr-l10n-*\`, \`thunderbird-l10n-*\`) are never used: the script
refuses them.

Kinds of text: **running** is translated documentation (HTML, GNOME/MATE help pages, Inkscape
tutorials, manual pages, fortunes): sentences. **catalogue** is the translated strings (msgstr) of
message catalogues (.mo), menu items and messages as much as sentences; English gets the source
strings (msgid). **words** is word lists (hunspell dictionaries without their affix flags, and
/usr/share/dict lists), used only to bring a language up to ${WORDS_UP_TO / 1e6} MB.
Caps per language: ${KINDS.map((k) => `${k} ${CAP[k] / 1e6} MB`).join(', ')}.

Cleaning: markup and entities, printf/Python/brace format directives and menu accelerators are
stripped; a line with letters of a script foreign to the language is dropped, and in a language
not written in Latin script so is a line mostly of ASCII; a line of a Latin-script language that
is also English text is dropped as untranslated; lines are deduplicated. One line in ten, chosen by
a SHA-256 hash of its text, is held out (\`<lang>.heldout.txt\`) for evaluation, never training.

Sizes in MB (10^6 bytes) of UTF-8 text.

| lang | language | group | train | held out | running / catalogue / words | packages used (MB kept) |
| --- | --- | --- | ---: | ---: | --- | --- |
${rows.join('\n')}

## Packages

| package | version | kind | licence (from its copyright file) |
| --- | --- | --- | --- |
${pkgRows.join('\n')}
`;
}

function upToDate() {
  const path = join(out, 'manifest.json');
  if (!existsSync(path)) return false;
  const { languages } = JSON.parse(readFileSync(path, 'utf8'));
  return Object.values(languages).every(
    (l) => existsSync(join(out, l.train.file)) && existsSync(join(out, l.heldout.file)),
  );
}

function main() {
  const force = process.argv.includes('--force');
  if (!force && upToDate()) {
    console.log('detect/corpus is up to date (--force to fetch and build again)');
    return;
  }
  if (force) rmSync(out, { recursive: true, force: true });
  const { languages, seconds } = build();
  for (const [lang, l] of Object.entries(languages)) {
    console.log(`${lang.padEnd(8)} train ${l.train.bytes} B, held out ${l.heldout.bytes} B`);
  }
  console.log(`done in ${seconds} s`);
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  try {
    main();
  } catch (e) {
    console.error(`detect/corpus.mjs: ${e.message}`);
    process.exit(1);
  }
}
