// Turning documents and catalogue strings into clean lines of one language's text.
import { LANGUAGES } from './languages.mjs';

const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—', ndash: '–' };
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi;

function decodeEntities(s) {
  return s.replace(ENTITY, (m, e) => {
    if (e[0] !== '#') return NAMED[e] ?? m;
    const cp = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
  });
}

// HTML: paragraphs and other blocks become lines; scripts, styles and preformatted code go.
export function htmlText(src) {
  return decodeEntities(
    src
      .replace(/<(head|script|style|pre)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/\s+/g, ' ')
      .replace(/<br\s*\/?>|<\/?(p|h\d|li|tr|div|td|th|dt|dd|title|table|blockquote|caption)\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  );
}

// XML (Mallard help pages, SVG tutorials): text elements become lines; metadata and code go.
export function xmlText(src) {
  return decodeEntities(
    src
      .replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, '')
      .replace(
        /<(info|metadata|defs|style|script|code|cmd|screen|output|input|sodipodi:namedview)\b[^>]*\/>|<(info|metadata|defs|style|script|code|cmd|screen|output|input|sodipodi:namedview)\b[\s\S]*?<\/\2>/g,
        '',
      )
      .replace(/\s+/g, ' ')
      .replace(/<\/?(p|title|item|td|th|flowPara|text|desc|li|section|page|note|list|tr|h\d)\b[^>]*>/g, '\n')
      .replace(/<[^>]*>/g, ''),
  );
}

const PRINTF = /%(?:\d+\$)?[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|ll|[hlLqjzt])?[diouxXeEfFgGaAcspn]/g;
const PYTHON = /%\([^)]*\)[-+#0 ]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]/g;
const QT_ARG = /%\d+/g;
const BRACES = /\{[\w.:!#-]*\}/g;
const SHELL_VAR = /\$\{?\w+\}?/g;
const CJK_ACCEL = /\s*[(（][_&][A-Za-z0-9][)）]/g;
// A menu accelerator: the one `_` or `&` (not an entity) before a letter in a string.
const ACCEL = /[_&](?=\p{L})(?!(?:#\d+|#x[0-9a-f]+|[a-z]+);)/giu;
const stripAccelerator = (s) => (s.match(ACCEL)?.length === 1 ? s.replace(ACCEL, '') : s);
const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(0x1b)}\\[[0-9;]*[A-Za-z]`, 'g'); // colours in fortunes
const BAD = /[\p{Cc}\p{Co}\p{Cs}\uFFFD]/u;
const foreign = Object.fromEntries(
  Object.entries(LANGUAGES).map(([id, { scripts }]) => [
    id,
    new RegExp(`[^${[...scripts, 'Common', 'Inherited'].map((s) => `\\p{Script=${s}}`).join('')}\\P{L}]`, 'u'),
  ]),
);

// One clean line of `lang`'s text from `raw`, or '' if nothing worth keeping is left.
export function cleanLine(raw, lang, kind) {
  let t = raw.replace(ANSI_ESCAPE, '').replace(/\t/g, ' ');
  if (kind === 'catalogue') {
    t = decodeEntities(
      stripAccelerator(t.replace(CJK_ACCEL, ''))
        .replace(/<\/?[A-Za-z][^<>]*>/g, '')
        .replace(PYTHON, '')
        .replace(PRINTF, '')
        .replace(QT_ARG, '')
        .replace(SHELL_VAR, ''),
    );
  }
  if (kind !== 'words') t = t.replace(PRINTF, '').replace(BRACES, '');
  t = t.replace(/\s+/g, ' ').trim();
  if ([...t].length < 2 || !/\p{L}/u.test(t) || BAD.test(t) || foreign[lang].test(t)) return '';
  if (!LANGUAGES[lang].latin) {
    const visible = t.replace(/\s/g, '');
    const ascii = visible.replace(/[^\x21-\x7e]/g, '').length;
    if (ascii * 2 > visible.length) return '';
  }
  return t;
}
