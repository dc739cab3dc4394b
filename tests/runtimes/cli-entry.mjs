// Entry for runtimes that resolve packages from node_modules (Deno, Bun): imports the package by
// name as a user of the runtime would, and runs the shared cases. Copied into a consumer project
// beside harness.mjs and the generated cases.mjs (see lib.mjs).
import * as lib from 'encoding-wasm';
import { polyfillSuite, runSuites, summary } from './harness.mjs';
import suites, { standardEncodings } from './cases.mjs';

// The polyfill runs last: it may replace globals the cases compare the package with.
const counts = await runSuites(lib, [
  ...suites,
  polyfillSuite(lib, () => import('encoding-wasm/polyfill'), standardEncodings),
]);
console.log(summary(counts));
if (counts.failed > 0 || counts.passed === 0) {
  if (globalThis.Deno) Deno.exit(1);
  else process.exit(1);
}
