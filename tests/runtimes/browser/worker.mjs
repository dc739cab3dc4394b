// The Chromium module Worker: imports the package's browser entry by URL (sent by the page) and
// runs the shared cases, posting the lines and counts back.
import { runSuites } from '/tests/runtimes/harness.mjs';
import suites from './cases.mjs';

self.onmessage = async ({ data: entry }) => {
  const lines = [];
  const log = (line) => lines.push(line);
  try {
    const lib = await import(entry);
    self.postMessage({ lines, ...(await runSuites(lib, suites, { log, prefix: '[worker] ' })) });
  } catch (e) {
    log(`FAIL [worker] import ${entry}: ${e.name}: ${e.message}`);
    self.postMessage({ lines, passed: 0, failed: 1 });
  }
};
