// The Chromium page: runs the shared cases on the main thread (the package imported by name
// through the page's import map), then in a module Worker (import maps do not reach workers, so
// it imports the same entries by URL), and leaves the report in `window.__report`. As index.html,
// the main thread's run is followed by encoding-wasm/detect's cases, and each run by the polyfill
// check; as index.html?lite, the page imports only 'encoding-wasm/lite' and its add-ons, and runs
// lite.mjs's cases before the shared ones.
import { liteSuites, polyfillSuite, runSuites } from '/tests/runtimes/harness.mjs';
import suites, { detectCases, liteCases, standardEncodings } from './cases.mjs';

const lite = new URLSearchParams(location.search).has('lite');
const tag = lite ? 'lite ' : '';
const lines = [];
const log = (line) => lines.push(line);
const total = { passed: 0, failed: 0, skipped: 0 };
const count = ({ passed, failed, skipped = 0 }) => {
  total.passed += passed;
  total.failed += failed;
  total.skipped += skipped;
};
const check = (label, ok, detail = '') => {
  count(ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
  log(`${ok ? 'ok' : 'FAIL'} ${label}${ok ? '' : `: ${detail}`}`);
};

async function onMainThread() {
  const entry = lite ? 'encoding-wasm/lite' : 'encoding-wasm';
  let lib;
  try {
    lib = await import(entry);
  } catch (e) {
    return check(`[main] import '${entry}'`, false, `${e.name}: ${e.message}`);
  }
  const prefix = `[${tag}main] `;
  if (lite) {
    const all = liteSuites(suites, liteCases, (name) => import(`encoding-wasm/${name}`), standardEncodings);
    count(await runSuites(lib, all, { log, prefix }));
  } else {
    count(await runSuites(lib, suites, { log, prefix }));
    // encoding-wasm/detect's cases, before the polyfill (which may replace globals they use).
    try {
      count(await runSuites(await import('encoding-wasm/detect'), [['detect-html.mjs', detectCases]], { log, prefix }));
    } catch (e) {
      check(`${prefix}import 'encoding-wasm/detect'`, false, `${e.name}: ${e.message}`);
    }
    const polyfill = polyfillSuite(lib, () => import('encoding-wasm/polyfill'), standardEncodings);
    count(await runSuites(lib, [polyfill], { log, prefix }));
  }
  // Chromium refuses synchronous compilation of large modules on the main thread: the package
  // must compile (and so instantiate) asynchronously. index.html counts `new WebAssembly.Module`.
  check(
    `[${tag}main] wasm compiled asynchronously`,
    window.__syncCompiles === 0,
    `new WebAssembly.Module called ${window.__syncCompiles} times on the main thread`,
  );
}

function inWorker() {
  return new Promise((resolve) => {
    const worker = new Worker('./worker.mjs', { type: 'module' });
    worker.onmessage = ({ data }) => {
      lines.push(...data.lines);
      count(data);
      worker.terminate();
      resolve();
    };
    worker.onerror = (e) => {
      check(`[${tag}worker] run`, false, e.message ?? 'worker error');
      worker.terminate();
      resolve();
    };
    // The import map, read back: workers get the same URLs without it.
    const { imports } = JSON.parse(document.querySelector('script[type=importmap]').textContent);
    worker.postMessage({ lite, imports });
  });
}

await onMainThread();
await inWorker();
window.__report = { lines, ...total };
