// cli-entry.mjs for the lite entry: imports 'encoding-wasm/lite' and its add-ons by name (never the
// full entry) and runs lite.mjs's cases, then the shared cases with every add-on loaded.
import * as lib from 'encoding-wasm/lite';
import { liteSuites, runSuites, summary } from './harness.mjs';
import suites, { liteCases, standardEncodings } from './cases.mjs';

const addons = {
  japanese: () => import('encoding-wasm/japanese'),
  'chinese-simplified': () => import('encoding-wasm/chinese-simplified'),
  'chinese-traditional': () => import('encoding-wasm/chinese-traditional'),
  korean: () => import('encoding-wasm/korean'),
};
const counts = await runSuites(
  lib,
  liteSuites(suites, liteCases, (name) => addons[name](), standardEncodings),
);
console.log(summary(counts));
if (counts.failed > 0 || counts.passed === 0) {
  if (globalThis.Deno) Deno.exit(1);
  else process.exit(1);
}
