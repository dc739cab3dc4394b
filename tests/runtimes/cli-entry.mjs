// Entry for runtimes that resolve packages from node_modules (Deno, Bun): imports the package by
// name as a user of the runtime would, and runs the shared cases. Copied into a consumer project
// beside harness.mjs and the generated cases.mjs (see lib.mjs).
import * as lib from 'encoding-wasm';
import { runSuites, summary } from './harness.mjs';
import suites from './cases.mjs';

const counts = await runSuites(lib, suites);
console.log(summary(counts));
if (counts.failed > 0 || counts.passed === 0) {
  if (globalThis.Deno) Deno.exit(1);
  else process.exit(1);
}
