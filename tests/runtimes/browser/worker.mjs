// The Chromium module Worker: imports the package's browser entries by URL (sent by the page),
// runs the shared cases and the polyfill check, and posts the lines and counts back.
import { polyfillSuite, runSuites } from '/tests/runtimes/harness.mjs';
import suites, { standardEncodings } from './cases.mjs';

self.onmessage = async ({ data: { entry, polyfill } }) => {
  const lines = [];
  const log = (line) => lines.push(line);
  try {
    const lib = await import(entry);
    const all = [...suites, polyfillSuite(lib, () => import(polyfill), standardEncodings)];
    self.postMessage({ lines, ...(await runSuites(lib, all, { log, prefix: '[worker] ' })) });
  } catch (e) {
    log(`FAIL [worker] import ${entry}: ${e.name}: ${e.message}`);
    self.postMessage({ lines, passed: 0, failed: 1 });
  }
};
