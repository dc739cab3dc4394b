// Entry for runtimes that resolve packages from node_modules (Deno, Bun): imports the package by
// name as a user of the runtime would, and runs the shared cases, then encoding-wasm/detect's.
// Copied into a consumer project beside harness.mjs and the generated cases.mjs (see lib.mjs).
import * as lib from 'encoding-wasm';
import * as detect from 'encoding-wasm/detect';
import { addCounts, polyfillSuite, runSuites, summary } from './harness.mjs';
import suites, { detectCases, standardEncodings } from './cases.mjs';

// The polyfill runs last: it may replace globals the cases compare the package with.
const counts = addCounts(
  await runSuites(lib, suites),
  await runSuites(detect, [['detect.mjs', detectCases]]),
  await runSuites(lib, [polyfillSuite(lib, () => import('encoding-wasm/polyfill'), standardEncodings)]),
);
console.log(summary(counts));
if (counts.failed > 0 || counts.passed === 0) {
  if (globalThis.Deno) Deno.exit(1);
  else process.exit(1);
}
