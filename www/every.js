// "Why is my text garbled?": the same bytes decoded with every encoding, ordered by the detector
// (its guesses first, likeliest first), then those that decode them without a single malformed
// sequence, then the others by how many they find.
import { percent, replaceKeepingFocus } from './guess.js';
import { el } from './dom.js';

export const EVERY_LIMIT = 64 * 1024;
const PREVIEW = 60;

// Single-byte encodings (and x-user-defined) decode almost any bytes without errors, so a clean
// decode says less about them than about a multi-byte encoding, whose sequences rarely line up by
// chance.
const singleByte = (heading, name) => heading === 'Legacy single-byte encodings' || name === 'x-user-defined';

// Control characters would show as boxes or not at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
const printable = (s) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '·');

/**
 * Each encoding's result for `bytes` (replacement is left out: it turns any input into one U+FFFD).
 * @returns {Array<{ name: string, singleByte: boolean, errors: number, fffd: number, preview: string }>}
 *   clean decodes first (multi-byte ones before single-byte ones), then by number of errors
 */
export function decodeWithEvery(lib, groups, bytes) {
  const rows = [];
  for (const { heading, encodings } of groups) {
    for (const { name } of encodings) {
      if (name === 'replacement') continue;
      // Only the count is shown: no error is recorded.
      const { text, errorCount: errors } = lib.inspect(bytes, name, { maxErrors: 0 });
      let fffd = 0;
      for (let i = text.indexOf('\uFFFD'); i !== -1; i = text.indexOf('\uFFFD', i + 1)) fffd++;
      const preview = printable(text.slice(0, PREVIEW));
      rows.push({ name, singleByte: singleByte(heading, name), errors, fffd, preview });
    }
  }
  // A stable sort: among equals, the standard's order.
  return rows.sort(
    (a, b) =>
      Math.min(a.errors, 1) - Math.min(b.errors, 1) ||
      (a.errors === 0 ? a.singleByte - b.singleByte : a.errors - b.errors),
  );
}

/** `rows` with the encodings of `ranked` (the detector's guesses) first, in its order. */
export function orderByGuess(rows, ranked) {
  const rank = new Map(ranked.map((g, i) => [g.encoding, i]));
  const guessed = rows.filter((r) => rank.has(r.name)).sort((a, b) => rank.get(a.name) - rank.get(b.name));
  return [...guessed, ...rows.filter((r) => !rank.has(r.name))];
}

/**
 * Renders the rows into `container`, ordered by `ranked` (the detector's guesses; null when it
 * failed); `use(name)` decodes with that encoding.
 */
export function renderEvery(container, unordered, { total, current, ranked, use }) {
  const guess = new Map((ranked ?? []).map((g, i) => [g.encoding, { rank: i + 1, confidence: g.confidence }]));
  const rows = ranked ? orderByGuess(unordered, ranked) : unordered;
  const clean = rows.filter((r) => r.errors === 0);
  const part = total > EVERY_LIMIT ? ` (the first ${EVERY_LIMIT.toLocaleString('en')} bytes)` : '';
  const multi = clean.filter((r) => !r.singleByte).map((r) => r.name);
  const summary = el(
    'p',
    { id: 'every-summary' },
    clean.length
      ? `${clean.length} of ${rows.length} encodings decode these bytes${part} without errors` +
          (multi.length ? `; of the multi-byte encodings: ${multi.join(', ')}.` : ', all of them single-byte.')
      : `No encoding decodes these bytes${part} without errors.`,
  );
  const order = el(
    'p',
    { id: 'every-order', className: 'hint' },
    ranked
      ? `Ordered by the detector: ${guess.size === 1 ? 'its guess first' : `its ${guess.size} guesses first, likeliest first`}; then `
      : 'Ordered by errors (the detector failed): ',
    'encodings without errors (multi-byte ones first), then the others, fewest errors first.',
  );
  const body = el('tbody');
  for (const r of rows) {
    const button = el('button', { type: 'button', className: 'link', title: `Decode with ${r.name}` }, r.name);
    button.addEventListener('click', () => use(r.name));
    const status = r.errors === 0 ? 'no errors' : `${r.errors.toLocaleString('en')} malformed`;
    const row = el(
      'tr',
      { className: `${r.errors === 0 ? 'clean' : 'garbled'}${guess.has(r.name) ? ' guessed' : ''}` },
      el(
        'th',
        { scope: 'row' },
        button,
        r.name === current ? el('span', { className: 'hint' }, ' (shown)') : '',
        guess.has(r.name)
          ? el(
              'span',
              { className: 'guess-rank' },
              `guess ${guess.get(r.name).rank}, ${percent(guess.get(r.name).confidence)}`,
            )
          : '',
        // Phones have no room for the preview column: the text's start goes under the name.
        el('span', { className: 'preview-inline' }, r.preview),
      ),
      el('td', { className: 'status' }, status),
      el('td', { className: 'num' }, r.fffd.toLocaleString('en')),
      el('td', { className: 'preview', title: r.preview }, r.preview),
    );
    row.dataset.encoding = r.name;
    body.append(row);
  }
  const head = el(
    'thead',
    {},
    el('tr', {}, ...['Encoding', 'Errors', 'U+FFFD', 'Start of the text'].map((h) => el('th', { scope: 'col' }, h))),
  );
  replaceKeepingFocus(
    container,
    summary,
    order,
    el('div', { className: 'table-wrap' }, el('table', { id: 'every-table' }, head, body)),
  );
}
