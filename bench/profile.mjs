// Where the time of a wasm decode or encode goes: each phase of what js/wasm.mjs does for one
// call, timed alone on the raw wasm exports of pkg/ (run `npm run build` first), per case.
//   decode: copy in (bytes into linear memory), decode (decode_once), string (UTF-16 code units
//           in linear memory to a JS string, three ways js/strings.mjs may use: Node's Buffer
//           ucs2Slice (its choice in Node, counted in the sum), a native UTF-16LE TextDecoder (its
//           choice elsewhere), String.fromCharCode.apply in 8192-unit pieces (the fallback))
//   encode: copy in (code units into linear memory, a charCodeAt loop as putUnits does; and
//           TextEncoder-free alternative: none), encode (encode_saved, html mode), copy out (slice)
// The public API's time for the same call is printed beside the sum of the phases.
// Start-up: in fresh processes, the steps of pkg/index.node.mjs (read the file, compile, instantiate
// and bind), then the first and the second decode of 1 KiB of Shift_JIS (the first one builds the
// decoder's index lazily).
//   node bench/profile.mjs [--cases=shift_jis,gbk] [--sizes=4096,1048576]
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { instantiate } from '../pkg/glue.mjs';
import * as lib from '../pkg/index.node.mjs';

const here = new URL('.', import.meta.url).pathname;
const arg = (name) =>
  process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')[1]
    .split(',');
const cases = arg('cases');
const sizes = arg('sizes')?.map(Number) ?? [4096, 1 << 20];
const manifest = JSON.parse(readFileSync(join(here, 'corpus/manifest.json'), 'utf8'));

// A separate instance, so the phases run on exactly the exports the package uses.
const { exports: W } = instantiate(
  await WebAssembly.compile(await readFile(new URL('../pkg/encoding_wasm_bg.wasm', import.meta.url))),
);
const h8 = () => new Uint8Array(W.memory.buffer);
const h16 = () => new Uint16Array(W.memory.buffer);
const utf16 = new TextDecoder('utf-16le', { ignoreBOM: true });

function encodingNumber(label) {
  const ptr = W.input8(label.length) >>> 0;
  h8().set(Buffer.from(label, 'latin1'), ptr);
  return W.label_lookup(label.length);
}

// µs per call of `fn`: the fastest of 9 samples of about 10 ms. The phases are timed one after
// another, not interleaved, so the fastest sample is the one least disturbed by other processes.
function time(fn) {
  let n = 1;
  for (let t = performance.now(); performance.now() - t < 2; n++) fn();
  n = Math.max(1, Math.round(n * 5));
  const samples = [];
  for (let s = 0; s < 9; s++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) fn();
    samples.push(((performance.now() - t) * 1e3) / n);
  }
  return Math.min(...samples);
}

function fromCharCodeChunks(heap, start, n) {
  let s = '';
  for (let i = start, end = start + n; i < end; i += 8192)
    s += String.fromCharCode.apply(null, heap.subarray(i, Math.min(i + 8192, end)));
  return s;
}

const fmt = (x) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
const share = (x, sum) => `${fmt(x)} (${Math.round((100 * x) / sum)}%)`;

console.log('### decode phases (µs per call, fastest of 9 samples; share of the sum)\n');
console.log(
  '| case | size | copy in | decode (wasm) | string (ucs2Slice) | string (native UTF-16LE) | string (fromCharCode) | sum | TextDecoder.decode | decode MB/s (wasm alone) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const encodeRows = [];
for (const c of manifest) {
  if (c.startup || !sizes.includes(c.size) || (cases && !cases.includes(c.id))) continue;
  const bytes = new Uint8Array(readFileSync(join(here, 'corpus', c.bin)));
  const text = readFileSync(join(here, 'corpus', c.txt), 'utf8');
  const enc = encodingNumber(c.label);
  const len = bytes.length;
  const inPtr = W.input8(len) >>> 0;
  const copy = time(() => h8().set(bytes, inPtr));
  let n;
  try {
    n = W.decode_once(enc, 0, len);
  } catch {
    console.log(`| ${c.id} | ${c.size} | (the wasm decoder trapped: not implemented in this build) ||||||||`);
    continue;
  }
  const decode = time(() => W.decode_once(enc, 0, len));
  // Where the decode wrote its UTF-16 output: a u32 at output16_at().
  const p16 = new Uint32Array(W.memory.buffer)[(W.output16_at() >>> 0) >>> 2] >>> 1;
  if (utf16.decode(h16().subarray(p16, p16 + n)) !== text) throw new Error(`${c.id}: wrong output`);
  const str = time(() => Buffer.from(W.memory.buffer).ucs2Slice(2 * p16, 2 * (p16 + n)));
  const strNative = time(() => utf16.decode(h16().subarray(p16, p16 + n)));
  const strAlt = time(() => fromCharCodeChunks(h16(), p16, n));
  const d = new lib.TextDecoder(c.label);
  const api = time(() => d.decode(bytes));
  const sum = copy + decode + str;
  console.log(
    `| ${c.id} | ${c.size} | ${share(copy, sum)} | ${share(decode, sum)} | ${share(str, sum)} | ${fmt(strNative)} | ${fmt(strAlt)} | ${fmt(sum)} | ${fmt(api)} | ${(len / decode).toFixed(0)} |`,
  );
  if (c.label !== 'utf-8') encodeRows.push({ c, text, enc, len });
}

console.log('\n### legacy encode phases (µs per call, fastest of 9 samples; share of the sum)\n');
console.log(
  '| case | size | copy in (charCodeAt loop) | encode (wasm) | copy out (slice) | sum | LegacyEncoder.encode |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const { c, text, enc } of encodeRows) {
  const units = text.length;
  const put = () => {
    const p = (W.input16(units) >>> 0) >>> 1;
    const heap = h16();
    for (let i = 0, j = p; i < units; i++, j++) heap[j] = text.charCodeAt(i);
  };
  put();
  let n;
  try {
    n = W.encode_saved(enc, true, 0, units, true);
  } catch {
    console.log(`| ${c.id} | ${c.size} | (the wasm encoder trapped: not implemented in this build) |||||`);
    continue;
  }
  const copy = time(put);
  const encode = time(() => W.encode_saved(enc, true, 0, units, true));
  const p8 = W.output8() >>> 0;
  const out = time(() => h8().slice(p8, p8 + n));
  const e = new lib.LegacyEncoder(c.label);
  const api = time(() => e.encode(text));
  const sum = copy + encode + out;
  console.log(
    `| ${c.id} | ${c.size} | ${share(copy, sum)} | ${share(encode, sum)} | ${share(out, sum)} | ${fmt(sum)} | ${fmt(api)} |`,
  );
}

// Fresh processes: each step of loading the package, then two decodes.
const startupScript = `import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
const t = [performance.now()];
const { instantiate } = await import('../pkg/glue.mjs');
const { bindWasm } = await import('../pkg/wasm.mjs');
t.push(performance.now());
const bytes = await readFile(new URL('../pkg/encoding_wasm_bg.wasm', import.meta.url));
t.push(performance.now());
const module = await WebAssembly.compile(bytes);
t.push(performance.now());
bindWasm(instantiate(module));
t.push(performance.now());
const lib = await import('../pkg/index.mjs');
const input = readFileSync(new URL('corpus/shift_jis-1024.bin', import.meta.url));
t.push(performance.now());
new lib.TextDecoder('shift_jis').decode(input);
t.push(performance.now());
new lib.TextDecoder('shift_jis').decode(input);
t.push(performance.now());
console.log(JSON.stringify(t.slice(1).map((x, i) => x - t[i])));`;
const steps = [
  'import the JS',
  'read the .wasm',
  'WebAssembly.compile',
  'instantiate + bind',
  '(read the input)',
  'first Shift_JIS decode',
  'second decode',
];
const runs = [];
for (let i = 0; i < 9; i++) {
  runs.push(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', startupScript], { cwd: here })));
}
console.log('\n### start-up steps, fresh processes (ms, median of 9)\n');
console.log(`| ${steps.join(' | ')} |\n|${steps.map(() => ' ---: ').join('|')}|`);
console.log(
  `| ${steps
    .map((_, k) =>
      runs
        .map((r) => r[k])
        .sort((a, b) => a - b)[4]
        .toFixed(2),
    )
    .join(' | ')} |`,
);
