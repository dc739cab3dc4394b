// One label's 1 MiB corpus (bench/corpus/, made by bench/corpus.mjs) decoded whole by one build of
// the package in a fresh process that decodes nothing else: MB/s, best of 15 after 5 warm-up calls.
//   node bench/whole-decode.mjs <build>/pkg/index.node.mjs shift_jis
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [path = 'pkg/index.node.mjs', label = 'shift_jis'] = process.argv.slice(2);
const lib = await import(pathToFileURL(resolve(path)).href);
const input = readFileSync(new URL(`corpus/${label}-1048576.bin`, import.meta.url));
const decoder = new lib.TextDecoder(label);
for (let i = 0; i < 5; i++) decoder.decode(input);
let best = Number.POSITIVE_INFINITY;
for (let i = 0; i < 15; i++) {
  const t = performance.now();
  decoder.decode(input);
  best = Math.min(best, performance.now() - t);
}
console.log(`${label}: ${Math.round(input.length / best / 1000)} MB/s`);
