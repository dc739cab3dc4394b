// Runs the shared cases in Hermes, React Native's engine (the `hermes` CLI of the npm package
// hermes-engine-cli, Hermes 0.12): no WebAssembly, no modules, no class syntax, no
// SharedArrayBuffer. The cases get what a React Native app gets: 'encoding-wasm' resolved with the
// `react-native` condition and bundled into one script (engines.mjs), then lowered by Babel with
// the transforms React Native's Babel preset applies where the engine lacks the syntax (class
// fields and private members, classes, per-iteration let bindings, async functions as
// generators, named capture groups), and web-streams-polyfill for the streams. The full entry with
// the polyfill and the lite entry with its add-ons run side by side, each within the time limit.
import { hermes, lowerForHermes } from './hermes-lower.mjs';
import { scriptBundles } from './engines.mjs';
import { finishAll, run } from './lib.mjs';

const timeoutMs = Number(process.env.RUNTIME_TIME_LIMIT ?? 300) * 1000;

// -Xmicrotask-queue: promise jobs in the standard's job queue, as React Native runs Hermes (without
// it, this CLI drops the continuation of an awaited async function); -w: no warnings about
// globals the polyfills probe for.
const hermesRun = (file) =>
  run(hermes, ['-Xmicrotask-queue', '-w', file], { quiet: true, timeoutMs, env: { ...process.env, NO_COLOR: '1' } });

const { full, lite } = await scriptBundles('hermes', 'react-native');
const [fullResult, liteResult] = await Promise.all([
  lowerForHermes(full).then(hermesRun),
  lowerForHermes(lite).then(hermesRun),
]);
finishAll('hermes', [
  ['', fullResult],
  ['[lite] ', liteResult],
]);
