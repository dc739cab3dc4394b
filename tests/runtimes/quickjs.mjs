// Runs the shared cases in QuickJS (the npm package quickjs-emscripten: QuickJS compiled to wasm,
// run by Node), inside a VM that has no WebAssembly, no URL, no streams and no console:
// quickjs-host.mjs evaluates a script bundle of the cases (engines.mjs) with 'encoding-wasm'
// resolved by the `no-wasm` condition and web-streams-polyfill for the streams. The full entry with
// the polyfill and the lite entry with its add-ons run side by side, each within the time limit.
import { scriptBundles } from './engines.mjs';
import { finishAll, repoRoot, run } from './lib.mjs';

const timeoutMs = Number(process.env.RUNTIME_TIME_LIMIT ?? 300) * 1000;
const quickjs = (file) =>
  run(process.execPath, ['tests/runtimes/quickjs-host.mjs', file], { cwd: repoRoot, quiet: true, timeoutMs });

const { full, lite } = await scriptBundles('quickjs', 'no-wasm');
const [fullResult, liteResult] = await Promise.all([quickjs(full), quickjs(lite)]);
finishAll('quickjs', [
  ['', fullResult],
  ['[lite] ', liteResult],
]);
