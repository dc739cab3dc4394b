// Encoding: the package's encode() gives the bytes; encoding code point by code point (html mode)
// locates each unencodable character's bytes.
import { encodeSpans } from './bytemap.js';
import { renderHex, showMark, toHex } from './hexview.js';
import { el } from './dom.js';

const MAX_ANALYSED = 100_000;
const TEXT_SHOWN = 20_000;
const ascii = (s) => Uint8Array.from(s, (c) => c.charCodeAt(0));

function endsWith(bytes, tail) {
  if (bytes.length < tail.length) return false;
  const off = bytes.length - tail.length;
  return tail.every((b, i) => bytes[off + i] === b);
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * An html-mode encoder for `name`, one code point at a time. Only ISO-2022-JP's encoder has state
 * that carries between code points (section "ISO-2022-JP encoder"): it streams through a
 * LegacyEncoder; every other encoding's bytes per code point are computed once and cached.
 */
function codePointEncoder(lib, name) {
  if (name === 'ISO-2022-JP') {
    const e = new lib.LegacyEncoder(name);
    return (s, stream) => e.encode(s, { stream });
  }
  const cache = new Map();
  const none = new Uint8Array(0);
  return (s) => {
    if (!s) return none;
    let bytes = cache.get(s);
    if (!bytes) {
      bytes = lib.encode(s, name);
      cache.set(s, bytes);
    }
    return bytes;
  };
}

/**
 * Each code point's bytes; `unencodable` when the encoder wrote its html escape &#N; instead
 * (the encode hook's html error mode, section "Hooks for standards").
 */
export function analyse(lib, text, name) {
  const enc = codePointEncoder(lib, name);
  const units = [];
  const parts = [];
  let index = 0;
  let byte = 0;
  for (const ch of text) {
    let cp = ch.codePointAt(0);
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd; // lone surrogates are encoded as U+FFFD
    const out = enc(ch, true);
    const unencodable = cp !== 0x26 && endsWith(out, ascii(`&#${cp};`));
    units.push({ index, length: ch.length, cp, byteStart: byte, byteEnd: byte + out.length, unencodable });
    parts.push(out);
    byte += out.length;
    index += ch.length;
  }
  parts.push(enc('', false));
  return { units, bytes: concat(parts) };
}

const cpLabel = (cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Encodes the text and renders its characters, bytes, unencodable characters and errors.
 * @returns {{ bytes: Uint8Array | null, shown: Uint8Array, spans: import('./bytemap.js').Span[] }}
 *   the bytes (null after a fatal error), those the hex view shows, and which make each character
 */
export function encodeAndRender(lib, ui, text, name, fatal) {
  let bytes = null;
  let error = null;
  try {
    bytes = lib.encode(text, name, { fatal });
  } catch (e) {
    error = e;
  }
  const count = [...text].length;
  const analysis = count <= MAX_ANALYSED ? analyse(lib, text, name) : null;
  const parts = [];
  let note = null;
  if (analysis && bytes && !fatal && toHex(analysis.bytes) !== toHex(bytes)) {
    note = 'Encoding character by character gave different bytes than encoding at once; highlights may be off.';
  }
  const bad = analysis ? analysis.units.filter((u) => u.unencodable) : [];
  let shown = bytes;
  if (error) {
    const first = bad[0];
    shown = first && analysis ? analysis.bytes.subarray(0, first.byteStart) : new Uint8Array(0);
    parts.push(
      el(
        'p',
        { className: 'alert', role: 'alert', id: 'enc-error' },
        `${error.name}: ${error.message}`,
        first
          ? ` The first character that ${name} cannot encode is ${cpLabel(first.cp)} “${String.fromCodePoint(first.cp)}” at character ${first.index}.`
          : '',
      ),
    );
  }
  const facts = el(
    'dl',
    { className: 'facts' },
    el('dt', {}, 'Encoding'),
    el('dd', { id: 'enc-used' }, name),
    el('dt', {}, error ? 'Bytes before the error' : 'Bytes'),
    el('dd', { id: 'enc-length' }, shown.length.toLocaleString('en')),
    el('dt', {}, 'Characters it cannot encode'),
    el('dd', { id: 'enc-bad-count' }, analysis ? String(bad.length) : '?'),
  );
  parts.unshift(facts);
  if (note) parts.push(el('p', { className: 'note' }, note));
  if (!analysis)
    parts.push(
      el(
        'p',
        { className: 'hint' },
        `Highlighting is off for texts over ${MAX_ANALYSED.toLocaleString('en')} characters.`,
      ),
    );
  const marks = [];
  if (bad.length) {
    const list = el('ol', { className: 'errors', id: 'enc-bad' });
    bad.slice(0, 1000).forEach((u, i) => {
      const id = `enc-b-${i}`;
      const where = error ? '' : ` → bytes ${u.byteStart}–${u.byteEnd - 1}`;
      const button = el(
        'button',
        { type: 'button', className: 'link' },
        `${cpLabel(u.cp)} “${String.fromCodePoint(u.cp)}” at character ${u.index}${where}`,
      );
      button.addEventListener('click', () => showMark(ui.hexView, id));
      list.append(el('li', {}, el('span', { className: 'n' }, `${i + 1}.`), button));
      if (!error) marks.push({ start: u.byteStart, end: u.byteEnd, id, title: `${cpLabel(u.cp)} cannot be encoded` });
    });
    parts.push(
      el('h3', {}, error ? 'Characters it cannot encode' : 'Characters written as &#N; (select one to show it)'),
      list,
    );
  }
  ui.result.replaceChildren(...parts);
  ui.textView.textContent = text.length > TEXT_SHOWN ? text.slice(0, TEXT_SHOWN) : text;
  renderHex(ui.hexView, shown, marks);
  return { bytes: error ? null : bytes, shown, spans: analysis ? encodeSpans(analysis.units) : [] };
}
