// A/B of wasm builds: the wasm decode alone (decode_once, bytes already in linear memory), timed
// interleaved across two or more copies of a full build's encoding_wasm_bg.wasm in one process,
// on the corpora of bench/corpus.mjs. Each build's output is checked against the corpus text
// first. For a decoder change: build, copy pkg/encoding_wasm_bg.wasm aside, change, build, then
//   node bench/ab.mjs --cases=euc-kr-ksx1001 --sizes=4096,1048576 before.wasm pkg/encoding_wasm_bg.wasm
// Prints, per case and build, the fastest and the median of 15 samples of about 4 MB each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { instantiate } from '../pkg/glue.mjs';

const here = new URL('.', import.meta.url).pathname;
const option = (name) =>
  process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')[1]
    .split(',');
const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const cases = option('cases');
const sizes = option('sizes')?.map(Number) ?? [4096, 1 << 20];
const ROUNDS = 15;
if (files.length === 0) throw new Error('usage: node bench/ab.mjs [--cases=a,b] [--sizes=n,m] a.wasm b.wasm ...');

const builds = files.map((file) => ({ file, W: instantiate(new WebAssembly.Module(readFileSync(file))).exports }));
const manifest = JSON.parse(readFileSync(join(here, 'corpus/manifest.json'), 'utf8'));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

for (const c of manifest) {
  if (c.startup || !sizes.includes(c.size) || (cases && !cases.includes(c.id))) continue;
  const bytes = readFileSync(join(here, 'corpus', c.bin));
  const text = readFileSync(join(here, 'corpus', c.txt), 'utf8');
  const runs = builds.map(({ file, W }) => {
    const label = W.input8(c.label.length) >>> 0;
    new Uint8Array(W.memory.buffer).set(Buffer.from(c.label, 'latin1'), label);
    const enc = W.label_lookup(c.label.length);
    const input = W.input8(bytes.length) >>> 0; // may grow the memory: before its buffer is taken
    new Uint8Array(W.memory.buffer).set(bytes, input);
    const n = W.decode_once(enc, 0, bytes.length);
    const p16 = new Uint32Array(W.memory.buffer)[(W.output16_at() >>> 0) >>> 2];
    if (Buffer.from(W.memory.buffer).ucs2Slice(p16, p16 + 2 * n) !== text) throw new Error(`${file}: wrong on ${c.id}`);
    return { file, decode: () => W.decode_once(enc, 0, bytes.length), samples: [] };
  });
  const calls = Math.max(1, Math.round(4e6 / bytes.length));
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < runs.length; k++) {
      const run = runs[(k + round) % runs.length];
      const t = performance.now();
      for (let i = 0; i < calls; i++) run.decode();
      run.samples.push(((performance.now() - t) * 1e3) / calls);
    }
  }
  for (const { file, samples } of runs) {
    const best = Math.min(...samples);
    console.log(
      `${c.id} ${c.size}: ${file}: fastest ${best.toFixed(2)} µs (${(bytes.length / best).toFixed(0)} MB/s), median ${median(samples).toFixed(2)} µs`,
    );
  }
}
