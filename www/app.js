// The page: wires the pickers, inputs and views to the package, loaded as a plain ES module.
import { decodeHere, decodeInWorker, render, WORKER_THRESHOLD } from './decode.js';
import { encodeAndRender } from './encode.js';
import { EncodingPicker } from './picker.js';

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

// ---- Decode ----
const decUi = {
  result: $('dec-result'),
  views: $('dec-views'),
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

function show(result) {
  shown = result;
  render(decUi, result);
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
  const showError = (e) => {
    decUi.result.replaceChildren(
      Object.assign(document.createElement('p'), {
        className: 'alert',
        role: 'alert',
        textContent: `${e.name}: ${e.message}`,
      }),
    );
  };
  if (input.bytes) {
    $('dec-progress-box').hidden = true;
    try {
      show(decodeHere(lib, input.bytes, opts));
    } catch (e) {
      showError(e);
    }
    return;
  }
  const file = input.file;
  if (file.size <= WORKER_THRESHOLD) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (input?.file !== file) return;
    input = { file, bytes };
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
    show(result);
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
  input = { file };
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
    input = { bytes: parseHex($('dec-hex').value) };
    $('dec-hex-error').textContent = '';
    decode();
  } catch (e) {
    $('dec-hex-error').textContent = e.message;
  }
});
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
const encUi = { result: $('enc-result'), hexView: $('enc-hexview') };
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

function encode() {
  const fatal = document.querySelector('input[name="enc-mode"]:checked').value === 'fatal';
  try {
    encoded = encodeAndRender(lib, encUi, $('enc-text').value, encPicker.value, fatal);
  } catch (e) {
    encoded = null;
    encUi.result.replaceChildren(
      Object.assign(document.createElement('p'), {
        className: 'alert',
        role: 'alert',
        textContent: `${e.name}: ${e.message}`,
      }),
    );
    encUi.hexView.replaceChildren();
  }
  $('enc-download').disabled = encoded === null;
}

let encTimer = 0;
$('enc-text').addEventListener('input', () => {
  clearTimeout(encTimer);
  encTimer = setTimeout(encode, 120);
});
$('enc-encoding').addEventListener('change', encode);
for (const radio of document.querySelectorAll('input[name="enc-mode"]')) radio.addEventListener('change', encode);
$('enc-download').addEventListener('click', () => {
  if (!encoded) return;
  const url = URL.createObjectURL(new Blob([encoded], { type: 'application/octet-stream' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: `encoded-${encPicker.value}.txt` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});
encode();

// Hex views pick 8 or 16 bytes a row from their width: re-render when the width class changes.
matchMedia('(min-width: 900px)').addEventListener('change', () => {
  encode();
  if (shown) render(decUi, shown);
});
