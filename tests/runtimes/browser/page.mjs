// The Chromium page: runs the shared cases on the main thread (the package imported by name
// through the page's import map), then in a module Worker (import maps do not reach workers, so
// it imports the same entries by URL), each followed by the polyfill check, and leaves the report
// in `window.__report`.
import { polyfillSuite, runSuites } from '/tests/runtimes/harness.mjs';
import suites, { standardEncodings } from './cases.mjs';

const lines = [];
const log = (line) => lines.push(line);
const total = { passed: 0, failed: 0 };
const count = ({ passed, failed }) => {
  total.passed += passed;
  total.failed += failed;
};
const check = (label, ok, detail = '') => {
  count(ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
  log(`${ok ? 'ok' : 'FAIL'} ${label}${ok ? '' : `: ${detail}`}`);
};

async function onMainThread() {
  let lib;
  try {
    lib = await import('encoding-wasm');
  } catch (e) {
    return check("[main] import 'encoding-wasm'", false, `${e.name}: ${e.message}`);
  }
  const polyfill = polyfillSuite(lib, () => import('encoding-wasm/polyfill'), standardEncodings);
  count(await runSuites(lib, [...suites, polyfill], { log, prefix: '[main] ' }));
  // Chromium refuses synchronous compilation of large modules on the main thread: the package
  // must compile (and so instantiate) asynchronously. index.html counts `new WebAssembly.Module`.
  check(
    '[main] wasm compiled asynchronously',
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
      check('[worker] run', false, e.message ?? 'worker error');
      worker.terminate();
      resolve();
    };
    // The import map, read back: workers get the same URLs without it.
    const { imports } = JSON.parse(document.querySelector('script[type=importmap]').textContent);
    worker.postMessage({ entry: imports['encoding-wasm'], polyfill: imports['encoding-wasm/polyfill'] });
  });
}

await onMainThread();
await inWorker();
window.__report = { lines, ...total };
