// script-entry.mjs for the lite entry: imports 'encoding-wasm/lite' and its add-ons (never the full
// entry) and runs lite.mjs's cases, then the shared cases with every add-on loaded.
import 'web-streams-polyfill/polyfill';
import * as lib from 'encoding-wasm/lite';
import { liteSuites, noWebAssemblySuite, runSuites, summary } from './harness.mjs';
import suites, { liteCases, standardEncodings } from './cases.mjs';

const { print } = globalThis;
const addons = {
  japanese: () => import('encoding-wasm/japanese'),
  'chinese-simplified': () => import('encoding-wasm/chinese-simplified'),
  'chinese-traditional': () => import('encoding-wasm/chinese-traditional'),
  korean: () => import('encoding-wasm/korean'),
};
const all = [noWebAssemblySuite, ...liteSuites(suites, liteCases, (name) => addons[name](), standardEncodings)];
runSuites(lib, all, { log: print }).then(
  (counts) => print(summary(counts)),
  (e) => print(`FAIL harness: ${e}`),
);
