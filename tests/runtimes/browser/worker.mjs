// The Chromium module Worker: imports the package's browser entries by URL (the page's import map,
// sent by the page), runs the shared cases and the polyfill check, or with `lite` lite.mjs's cases
// and the shared ones against the lite entry and its add-ons, and posts the lines and counts back.
import { liteSuites, polyfillSuite, runSuites } from '/tests/runtimes/harness.mjs';
import suites, { liteCases, standardEncodings } from './cases.mjs';

self.onmessage = async ({ data: { lite, imports } }) => {
  const lines = [];
  const log = (line) => lines.push(line);
  const entry = imports[lite ? 'encoding-wasm/lite' : 'encoding-wasm'];
  try {
    const lib = await import(entry);
    const all = lite
      ? liteSuites(suites, liteCases, (name) => import(imports[`encoding-wasm/${name}`]), standardEncodings)
      : [...suites, polyfillSuite(lib, () => import(imports['encoding-wasm/polyfill']), standardEncodings)];
    self.postMessage({ lines, ...(await runSuites(lib, all, { log, prefix: lite ? '[lite worker] ' : '[worker] ' })) });
  } catch (e) {
    log(`FAIL [${lite ? 'lite ' : ''}worker] import ${entry}: ${e.name}: ${e.message}`);
    self.postMessage({ lines, passed: 0, failed: 1 });
  }
};
