// npm run fuzz:js -- [--seconds N] [--seed S] [--case N] [--honest]: the JS-level fuzzer for a
// given time (default 60 s), or one case of a seed replayed; --honest leaves out hostile and
// resizable sources. Exits 1 if any case fails.
import * as lib from 'encoding-wasm';
import { fuzz } from './fuzz.mjs';
import { summarize } from './report.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? undefined : Number(args[i + 1]);
};
const seconds = option('seconds') ?? 60;
const seed = option('seed') ?? Math.floor(Math.random() * 2 ** 32);
const one = option('case');
const honest = args.includes('--honest');

const started = Date.now();
const result = await fuzz(lib, { seed, seconds, only: one === undefined ? null : [one], honest });
const elapsed = ((Date.now() - started) / 1000).toFixed(1);
console.log(`seed ${seed}: ${result.cases} cases in ${elapsed} s`, result.byType);
if (result.failures.length > 0) {
  console.log(summarize(result.failures));
  process.exit(1);
}
