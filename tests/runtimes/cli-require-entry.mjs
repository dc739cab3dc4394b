// cli-entry.mjs for require(): loads 'encoding-wasm' and then its polyfill with require(), as
// CommonJS code in Node or Bun would, and runs the shared cases and the polyfill check.
import { createRequire } from 'node:module';
import { polyfillSuite, runSuites, summary } from './harness.mjs';
import suites, { standardEncodings } from './cases.mjs';

const require = createRequire(import.meta.url);
const lib = require('encoding-wasm');
// The polyfill runs last: it may replace globals the cases compare the package with.
const counts = await runSuites(lib, [
  ...suites,
  polyfillSuite(lib, () => require('encoding-wasm/polyfill'), standardEncodings),
]);
console.log(summary(counts));
if (counts.failed > 0 || counts.passed === 0) process.exit(1);
