// Decoding: small inputs on the page with TextDecoder and inspect(); big files in a worker through
// TextDecoderStream. Both produce the same result shape, rendered by render().
import { compareWithBrowser } from './compare.js';
import { HEX_LIMIT, renderHex, showMark, toHex } from './hexview.js';
import { el } from './dom.js';

export const TEXT_LIMIT = 20_000;
export const WORKER_THRESHOLD = 1024 * 1024;
export const ERRORS_LISTED = 1000;

export const countFFFD = (s) => {
  let n = 0;
  for (let i = s.indexOf('\uFFFD'); i !== -1; i = s.indexOf('\uFFFD', i + 1)) n++;
  return n;
};

/**
 * Decodes bytes on the page. `choice` is an encoding name or 'auto' (the standard's decode hook:
 * BOM sniff, then `fallback`; section "Hooks for standards").
 */
export function decodeHere(lib, bytes, { choice, fallback, fatal, ignoreBOM }) {
  const auto = choice === 'auto';
  const label = auto ? fallback : choice;
  const bom = auto ? false : ignoreBOM;
  // Errors past the text shown are only counted.
  const inspected = lib.inspect(bytes, label, { ignoreBOM: bom, sniffBOM: auto, maxErrors: TEXT_LIMIT });
  const encoding = inspected.encoding;
  let text = null;
  let error = null;
  let note = null;
  try {
    if (auto && !fatal) {
      text = lib.decode(bytes, fallback).text;
    } else {
      // With a BOM sniffed, the sniffed encoding's TextDecoder strips that same BOM.
      text = new lib.TextDecoder(encoding, { fatal, ignoreBOM: bom }).decode(bytes);
    }
  } catch (e) {
    if (e instanceof RangeError) {
      // TextDecoder refuses "replacement"; inspect() still runs its decoder.
      note = `TextDecoder refuses ${encoding} (${e.message}); the text shown comes from inspect().`;
      if (fatal && inspected.errorCount > 0) error = new TypeError(`The input is malformed in ${encoding}.`);
      else text = inspected.text;
    } else {
      error = e;
    }
  }
  if (text !== null && !fatal && text !== inspected.text) {
    note = 'inspect() and TextDecoder disagree on this input: the text shown is TextDecoder’s.';
  }
  const errors = error ? inspected.errors.slice(0, 1) : inspected.errors;
  const shown = text ?? inspected.text.slice(0, errors[0]?.textIndex ?? 0);
  const compare = compareWithBrowser(lib, bytes, encoding, { fatal, ignoreBOM: bom }, { text, error });
  return {
    encoding,
    text: shown.slice(0, TEXT_LIMIT),
    textLength: shown.length,
    fffd: text === null ? null : countFFFD(text),
    errors: errors.slice(0, ERRORS_LISTED),
    errorsTotal: error ? errors.length : inspected.errorCount,
    error: error && { name: error.name, message: error.message },
    note,
    compare,
    hexBytes: bytes.subarray(0, HEX_LIMIT),
    total: bytes.length,
  };
}

/** Runs a big file through the worker; `onProgress(fraction, phase)`; resolves to a result. */
export function decodeInWorker(file, options, onProgress, signal) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('Decoding was cancelled.', 'AbortError'));
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.onerror = (ev) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(ev.message || 'The worker failed to start.'));
    };
    worker.onmessage = async ({ data }) => {
      if (data.type === 'progress') {
        onProgress(data.read / data.total, data.phase);
        return;
      }
      signal.removeEventListener('abort', stop);
      worker.terminate();
      if (data.type === 'failed') {
        reject(new Error(data.message));
        return;
      }
      const hexBytes = new Uint8Array(await file.slice(0, HEX_LIMIT).arrayBuffer());
      resolve({ ...data.result, hexBytes, total: file.size });
    };
    worker.postMessage({ file, ...options });
  });
}

const byteLabel = (n) => `${n.toLocaleString('en')} (0x${n.toString(16)})`;

/** The text view: the decoded text with each error's U+FFFD marked. */
function renderText(pre, text, errors) {
  const frag = document.createDocumentFragment();
  let from = 0;
  errors.forEach((err, i) => {
    const at = err.textIndex;
    if (at < from || at >= text.length) return;
    frag.append(text.slice(from, at));
    const mark = el('mark', { id: `dec-t-${i}`, title: `Malformed sequence ${i + 1}` }, text[at]);
    mark.dataset.mark = mark.id;
    frag.append(mark);
    from = at + 1;
  });
  frag.append(text.slice(from));
  pre.replaceChildren(frag);
}

/** Renders a result into the decode section's elements. */
export function render(ui, r) {
  const facts = el('dl', { className: 'facts' });
  const fact = (k, v, id) => facts.append(el('dt', {}, k), el('dd', id ? { id } : {}, v));
  fact('Encoding used', r.encoding, 'dec-used');
  fact('Bytes', r.total.toLocaleString('en'));
  fact('Characters (UTF-16 code units)', r.error ? '—' : r.textLength.toLocaleString('en'), 'dec-length');
  fact('U+FFFD in the text', r.fffd === null ? '—' : r.fffd.toLocaleString('en'), 'dec-fffd');
  fact('Malformed sequences', r.error ? 'at least 1' : r.errorsTotal.toLocaleString('en'), 'dec-errors-count');
  const parts = [facts];
  if (r.error) {
    const first = r.errors[0];
    parts.push(
      el(
        'p',
        { className: 'alert', id: 'dec-error', role: 'alert' },
        `${r.error.name}: ${r.error.message}`,
        first ? ` The first malformed sequence starts at byte ${byteLabel(first.byteStart)}.` : '',
      ),
    );
  }
  if (r.note) parts.push(el('p', { className: 'note' }, r.note));
  const marks = [];
  if (r.errors.length) {
    const list = el('ol', { className: 'errors', id: 'dec-errors' });
    r.errors.forEach((err, i) => {
      const end = Math.max(err.byteEnd, err.byteStart + 1);
      const seq = toHex(r.hexBytes.subarray(err.byteStart, Math.min(end, r.hexBytes.length)));
      const where =
        err.byteEnd - err.byteStart === 1
          ? `byte ${byteLabel(err.byteStart)}`
          : `bytes ${byteLabel(err.byteStart)}–${byteLabel(err.byteEnd - 1)}`;
      const button = el(
        'button',
        { type: 'button', className: 'link' },
        `${where}${seq ? `: ${seq}` : ''}${r.error ? '' : ` → character ${err.textIndex.toLocaleString('en')}`}`,
      );
      button.addEventListener('click', () => {
        const inHex = showMark(ui.hexView, `dec-b-${i}`);
        showMark(ui.textView, `dec-t-${i}`);
        ui.announce(inHex ? `Showing ${where}.` : `${where} is beyond the first 64 KiB shown.`);
      });
      list.append(el('li', {}, el('span', { className: 'n' }, `${i + 1}.`), button));
      if (err.byteStart < r.hexBytes.length && (!marks.length || marks.at(-1).end <= err.byteStart)) {
        marks.push({ start: err.byteStart, end, id: `dec-b-${i}`, title: `Malformed sequence ${i + 1}` });
      }
    });
    const heading = r.error ? 'Where it stopped' : 'Malformed sequences (select one to show it)';
    parts.push(el('h3', {}, heading), list);
    if (r.errorsTotal > r.errors.length) {
      parts.push(
        el('p', { className: 'hint' }, `…and ${(r.errorsTotal - r.errors.length).toLocaleString('en')} more.`),
      );
    }
  }
  ui.result.replaceChildren(...parts);
  ui.views.hidden = false;
  ui.textHeading.textContent = r.error
    ? 'Text before the error'
    : r.textLength > r.text.length
      ? `Text (first ${r.text.length.toLocaleString('en')} of ${r.textLength.toLocaleString('en')} code units)`
      : 'Text';
  renderText(ui.textView, r.text, r.errors);
  renderHex(ui.hexView, r.hexBytes, marks, r.total);
  renderCompare(ui, r.compare);
}

function renderCompare(ui, c) {
  ui.compare.hidden = false;
  const parts = [el('p', { id: 'dec-compare-status', className: `compare-${c.status}` }, c.message)];
  if (c.diffs.length) {
    const table = el(
      'table',
      {},
      el(
        'thead',
        {},
        el('tr', {}, ...['Character', 'Byte offset', 'Ours', 'Browser'].map((h) => el('th', { scope: 'col' }, h))),
      ),
    );
    const body = el('tbody');
    for (const d of c.diffs) {
      body.append(
        el(
          'tr',
          {},
          el('td', {}, d.charIndex.toLocaleString('en')),
          el('td', {}, d.byteOffset === null ? '?' : byteLabel(d.byteOffset)),
          el('td', {}, d.ours),
          el('td', {}, d.browser),
        ),
      );
    }
    table.append(body);
    parts.push(el('div', { className: 'table-wrap' }, table));
    if (c.more) parts.push(el('p', { className: 'hint' }, `…and ${c.more} more.`));
  }
  ui.compareBody.replaceChildren(...parts);
}
