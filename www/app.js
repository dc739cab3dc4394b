// The page: wires the pickers, inputs and views to the package, loaded as a plain ES module.
import { decodeSpans } from './bytemap.js';
import { decodeHere, decodeInWorker, render, WORKER_THRESHOLD } from './decode.js';
import { encodeStream, STREAM_FROM, save, textPieces } from './download.js';
import { encodeAndRender } from './encode.js';
import { garble, renderRepair, SAMPLES } from './fix.js';
import { decodeWithEvery, EVERY_LIMIT, renderEvery } from './every.js';
import { guesses, renderGuess } from './guess.js';
import { ByteLinker } from './linked.js';
import { EncodingPicker } from './picker.js';
import { DECODE_SAMPLES, sampleBytes } from './samples.js';

const $ = (id) => document.getElementById(id);
const status = $('load-status');

let lib;
try {
  lib = await import('/encoding-wasm.js');
} catch (e) {
  status.textContent = `The package failed to load: ${e.message}`;
  status.classList.add('alert');
  throw e;
}
const groups = lib.encodings();
status.textContent = `${groups.reduce((n, g) => n + g.encodings.length, 0)} encodings loaded.`;
document.documentElement.dataset.ready = 'true';

// encoding-wasm/detect (with its own wasm module), imported when first needed.
let detectModule = null;
const loadDetect = () => {
  detectModule ??= import('/encoding-wasm-detect.js');
  return detectModule;
};
const alertBox = (message) =>
  Object.assign(document.createElement('p'), { className: 'alert', role: 'alert', textContent: message });

// ---- Decode ----
const decUi = {
  result: $('dec-result'),
  views: $('dec-views-box'),
  textView: $('dec-text'),
  textHeading: $('dec-text-heading'),
  hexView: $('dec-hexview'),
  compare: $('dec-compare'),
  compareBody: $('dec-compare-body'),
  announce: (msg) => {
    $('dec-announce').textContent = msg;
  },
};
const decPicker = new EncodingPicker({
  select: $('dec-encoding'),
  search: $('dec-search'),
  status: $('dec-search-result'),
  groups,
  getEncoding: lib.getEncoding,
  leading: [{ value: 'auto', text: 'auto (BOM sniff, then the fallback)' }],
  initial: 'auto',
});
new EncodingPicker({ select: $('dec-fallback'), groups, getEncoding: lib.getEncoding, initial: 'UTF-8' });

let input = null; // { bytes } or { file }
let running = null; // AbortController of the worker run
let shown = null; // the result on screen
const decLinker = new ByteLinker({ textView: $('dec-text'), hexView: $('dec-hexview'), readout: $('dec-linked') });
let analysis = null; // { input, promise }: the every-encoding rows and the detector's guesses for an input

// Shows a result with the detector's guesses and the every-encoding panel, all at once, so the text
// does not move when they arrive (the detector's module may still be loading); the latest call wins.
let showing = 0;
async function show(result) {
  const source = input;
  const call = ++showing;
  const found = await analyse(source);
  if (input !== source || call !== showing) return;
  shown = result;
  render(decUi, result);
  const { choice, ignoreBOM } = options();
  const spans = decodeSpans(lib, result.hexBytes, result.encoding, {
    ignoreBOM: choice !== 'auto' && ignoreBOM,
    errors: result.errors,
    complete: result.hexBytes.length === result.total,
  });
  decLinker.set(spans, result.text, result.hexBytes);
  showAnalysis(found, result.encoding);
}

/** A new input: the panels of the last one go until this one's are ready. */
function setInput(next) {
  input = next;
  for (const id of ['dec-guess', 'dec-every']) {
    $(id).hidden = true;
    $(`${id}-body`).replaceChildren();
  }
  return next;
}

// What the detector and every encoding make of an input, once per input, from its first
// EVERY_LIMIT bytes: { rows, ranked (null if the detector failed), failure, looked, total }.
function analyse(source) {
  if (analysis?.input !== source) {
    const promise = (async () => {
      const head = source.bytes ?? new Uint8Array(await source.file.slice(0, EVERY_LIMIT).arrayBuffer());
      const bytes = head.subarray(0, EVERY_LIMIT);
      const rows = decodeWithEvery(lib, groups, bytes);
      const total = source.bytes?.length ?? source.file.size;
      try {
        return { rows, ranked: guesses(await loadDetect(), bytes), looked: bytes.length, total };
      } catch (failure) {
        return { rows, ranked: null, failure, looked: bytes.length, total };
      }
    })();
    analysis = { input: source, promise };
  }
  return analysis.promise;
}

// The guesses and the every-encoding panel for the input shown, decoded with `current`.
function showAnalysis({ rows, ranked, failure, looked, total }, current) {
  if (ranked) renderGuess($('dec-guess-body'), ranked, { looked, total, current, use: decodeWith });
  else $('dec-guess-body').replaceChildren(alertBox(`The detector failed: ${failure.message}`));
  renderEvery($('dec-every-body'), rows, { total, current, ranked, use: decodeWith });
  $('dec-guess').hidden = false;
  $('dec-every').hidden = false;
}

/** Sets the decode panel's encoding picker to `name` (without decoding). */
function pick(name) {
  $('dec-search').value = '';
  decPicker.filter('');
  $('dec-encoding').value = name;
  syncOptions();
}

function decodeWith(name) {
  pick(name);
  decode();
}

function options() {
  return {
    choice: decPicker.value,
    fallback: $('dec-fallback').value,
    fatal: $('dec-fatal').checked,
    ignoreBOM: $('dec-ignore-bom').checked,
  };
}

function syncOptions() {
  const auto = decPicker.value === 'auto';
  $('dec-fallback-picker').hidden = !auto;
  $('dec-ignore-bom').disabled = auto; // the decode hook always strips a BOM
}

function showProgress(fraction, phase = 'Decoding') {
  const percent = Math.round(fraction * 100);
  $('dec-progress').value = percent;
  $('dec-progress-text').textContent = `${percent} % ${phase === 'Decoding' ? '' : `· ${phase}`}`.trim();
}

async function decode() {
  if (!input) return;
  running?.abort();
  running = null;
  const opts = options();
  const showError = (e) => decUi.result.replaceChildren(alertBox(`${e.name}: ${e.message}`));
  if (input.bytes) {
    $('dec-progress-box').hidden = true;
    try {
      await show(decodeHere(lib, input.bytes, opts));
    } catch (e) {
      showError(e);
    }
    return;
  }
  const file = input.file;
  if (file.size <= WORKER_THRESHOLD) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (input?.file !== file) return;
    input.bytes = bytes;
    return decode();
  }
  const controller = new AbortController();
  running = controller;
  $('dec-progress-box').hidden = false;
  $('dec-cancel').hidden = false;
  showProgress(0);
  decUi.result.replaceChildren(`Decoding ${file.name} (${file.size.toLocaleString('en')} bytes) in a worker…`);
  try {
    const result = await decodeInWorker(file, opts, showProgress, controller.signal);
    if (running !== controller) return;
    showProgress(1, 'done');
    await show(result);
  } catch (e) {
    if (running !== controller && e.name === 'AbortError') return;
    showError(e);
  } finally {
    if (running === controller) {
      running = null;
      $('dec-cancel').hidden = true;
    }
  }
}

function useFile(file) {
  if (!file) return;
  setInput({ file });
  decode();
}

/** Hex digits, optionally separated by spaces, commas or 0x prefixes. */
function parseHex(s) {
  const digits = s.replace(/0x/gi, '').replace(/[\s,;:]+/g, '');
  if (/[^0-9a-f]/i.test(digits)) throw new Error(`“${digits.match(/[^0-9a-f]/i)[0]}” is not a hex digit.`);
  if (digits.length % 2) throw new Error('An odd number of hex digits: each byte needs two.');
  return Uint8Array.from(digits.match(/../g) ?? [], (h) => parseInt(h, 16));
}

$('dec-file').addEventListener('change', (ev) => useFile(ev.target.files[0]));
$('dec-hex-go').addEventListener('click', () => {
  try {
    setInput({ bytes: parseHex($('dec-hex').value) });
    $('dec-hex-error').textContent = '';
    decode();
  } catch (e) {
    $('dec-hex-error').textContent = e.message;
  }
});
// A sample is decoded with the detector's first guess (the picker's choice if it failed to load).
for (const [name, text, encoding] of DECODE_SAMPLES) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'link';
  button.textContent = name;
  button.addEventListener('click', async () => {
    const source = setInput({ bytes: sampleBytes(lib, text, encoding) });
    const { ranked } = await analyse(source);
    if (input !== source) return;
    if (ranked) pick(ranked[0].encoding);
    decode();
  });
  $('dec-samples').append(button);
}
$('dec-hex').addEventListener('keydown', (ev) => {
  if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) $('dec-hex-go').click();
});
$('dec-cancel').addEventListener('click', () => {
  running?.abort();
  running = null;
  $('dec-progress-box').hidden = true;
  decUi.result.replaceChildren(
    Object.assign(document.createElement('p'), { id: 'dec-cancelled', textContent: 'Decoding was cancelled.' }),
  );
});
for (const id of ['dec-encoding', 'dec-fallback', 'dec-fatal', 'dec-ignore-bom']) {
  $(id).addEventListener('change', () => {
    syncOptions();
    decode();
  });
}
syncOptions();

const decodeSection = $('decode');
decodeSection.addEventListener('dragover', (ev) => {
  ev.preventDefault();
  decodeSection.classList.add('dragging');
});
decodeSection.addEventListener('dragleave', (ev) => {
  if (!decodeSection.contains(ev.relatedTarget)) decodeSection.classList.remove('dragging');
});
decodeSection.addEventListener('drop', (ev) => {
  ev.preventDefault();
  decodeSection.classList.remove('dragging');
  useFile(ev.dataTransfer.files[0]);
});

// ---- Encode ----
const encUi = { result: $('enc-result'), textView: $('enc-textview'), hexView: $('enc-hexview') };
const encLinker = new ByteLinker({ textView: $('enc-textview'), hexView: $('enc-hexview'), readout: $('enc-linked') });
const isUtf16 = (name) => name === 'UTF-16LE' || name === 'UTF-16BE';
const encPicker = new EncodingPicker({
  select: $('enc-encoding'),
  search: $('enc-search'),
  status: $('enc-search-result'),
  groups,
  getEncoding: lib.getEncoding,
  include: (e) => e.hasEncoder || isUtf16(e.name),
  initial: 'UTF-8',
});
let encoded = null;
let encTimer = 0; // the encode() waiting for typing to pause
const encFatal = () => document.querySelector('input[name="enc-mode"]:checked').value === 'fatal';

function encode() {
  clearTimeout(encTimer); // whatever was typed is encoded now
  const text = $('enc-text').value;
  try {
    const out = encodeAndRender(lib, encUi, text, encPicker.value, encFatal());
    encoded = out.bytes;
    encLinker.set(out.spans, text, out.shown);
  } catch (e) {
    encoded = null;
    encLinker.set([], '', new Uint8Array(0));
    encUi.result.replaceChildren(alertBox(`${e.name}: ${e.message}`));
    encUi.hexView.replaceChildren();
  }
  $('enc-download').disabled = encoded === null;
}

$('enc-text').addEventListener('input', () => {
  clearTimeout(encTimer);
  encTimer = setTimeout(encode, 120);
});
$('enc-encoding').addEventListener('change', encode);
for (const radio of document.querySelectorAll('input[name="enc-mode"]')) radio.addEventListener('change', encode);
// The textarea's caret or selection shows its characters' bytes.
document.addEventListener('selectionchange', () => {
  const area = $('enc-text');
  if (document.activeElement !== area) return;
  const { selectionStart: start, selectionEnd: end } = area;
  encLinker.showText(start, end > start ? end : start + 1);
});

// Downloads: the bytes on screen for a short text; large texts and files go through
// LegacyEncoderStream (see download.js).
const downloadStatus = (message, alert = false) => {
  $('enc-download-status').textContent = message;
  $('enc-download-status').classList.toggle('alert', alert);
};
async function streamedDownload(strings, fileName) {
  const name = encPicker.value;
  downloadStatus(`Encoding to ${name} through LegacyEncoderStream…`);
  try {
    const { blob, chunks } = await encodeStream(lib, strings, name, encFatal());
    save(blob, fileName);
    downloadStatus(
      `Downloaded ${blob.size.toLocaleString('en')} bytes of ${name}, encoded through LegacyEncoderStream in ${chunks.toLocaleString('en')} chunks.`,
    );
  } catch (e) {
    downloadStatus(`${e.name}: ${e.message}`, true);
  }
}
$('enc-download').addEventListener('click', () => {
  const text = $('enc-text').value;
  const fileName = `encoded-${encPicker.value}.txt`;
  if (text.length >= STREAM_FROM) return streamedDownload(textPieces(text), fileName);
  if (!encoded) return;
  save(new Blob([encoded], { type: 'application/octet-stream' }), fileName);
  downloadStatus(`Downloaded ${encoded.length.toLocaleString('en')} bytes of ${encPicker.value}.`);
});
$('enc-file').addEventListener('change', (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  const base = file.name.replace(/\.[^.]*$/, '') || 'encoded';
  streamedDownload(file.stream().pipeThrough(new lib.TextDecoderStream('utf-8')), `${base}.${encPicker.value}.txt`);
  ev.target.value = '';
});
encode();

// Hex views pick 8 or 16 bytes a row from their width: re-render when the width class changes.
matchMedia('(min-width: 900px)').addEventListener('change', () => {
  encode();
  if (shown) show(shown);
});

// ---- Fix garbled text (encoding-wasm/detect, loaded when first needed) ----
const fixText = $('fix-text');
async function fixNow() {
  const text = fixText.value;
  try {
    const detect = await loadDetect();
    if (fixText.value === text) renderRepair(detect, text, $('fix-result'));
  } catch (e) {
    $('fix-result').replaceChildren(alertBox(`The detector failed: ${e.message}`));
  }
}
for (const [name, text, label, times] of SAMPLES) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'link';
  button.textContent = name;
  button.addEventListener('click', () => {
    fixText.value = garble(lib, text, label, times);
    fixNow();
  });
  $('fix-samples').append(button);
}
fixText.addEventListener('input', fixNow);
