// Runs the postal-mime cases (tests/js/shared/postal-mime.mjs) against the entry named on the
// command line; made for `node --jitless`, where no WebAssembly global exists (its first line says
// whether one does). tests/js/postal-mime.test.mjs runs it both ways.
// Usage: node [--jitless] tests/js/postal-mime-run.mjs [ENTRY]
// ENTRY: a specifier (default encoding-wasm) or, starting with . or /, a file. Prints one line per
// case and `N passed, N failed`; exits 1 if any failed or the entry did not load.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runSuites, summary } from '../runtimes/harness.mjs';
import postalMimeCases from './shared/postal-mime.mjs';

const entry = process.argv[2] ?? 'encoding-wasm';
const specifier = /^[./]/.test(entry) ? pathToFileURL(resolve(entry)).href : entry;
console.log(`# ${specifier} (WebAssembly ${typeof WebAssembly === 'undefined' ? 'absent' : 'present'})`);

let counts;
try {
  const lib = await import(specifier);
  counts = await runSuites(lib, [['postal-mime.mjs', postalMimeCases(() => import('postal-mime'))]]);
} catch (e) {
  console.log(`FAIL import ${specifier}: ${e?.name}: ${e?.message}`);
  counts = { passed: 0, failed: 1 };
}
console.log(summary(counts));
process.exitCode = counts.failed > 0 || counts.passed === 0 ? 1 : 0;
