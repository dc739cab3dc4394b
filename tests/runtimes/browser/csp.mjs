// The Chromium pages served with `Content-Security-Policy: script-src 'self'` (no
// 'wasm-unsafe-eval'), where the page may compile no WebAssembly. Each first checks that
// WebAssembly really is refused, then, by its query:
// - ?main: the main browser entry works through its JavaScript build (the file compiled by
//   wasm2js was loaded): the shared cases and the polyfill check;
// - ?polyfill: 'encoding-wasm/polyfill' imported alone (the stream classes made missing first)
//   installs the package's classes, which decode through the JavaScript build; then the shared
//   cases against the entry it loaded;
// - ?inline-cjs: require('encoding-wasm') bundled for browsers by esbuild (index.inline.cjs, which
//   has no JavaScript build): loading it throws nothing, every API throws an Error that names the
//   Content-Security-Policy, and the polyfill installs nothing.
// The package is imported by URL (an import map is an inline script, which the policy refuses).
// The report is left in `window.__report`.
import { polyfillSuite, runSuites } from '/tests/runtimes/harness.mjs';
import suites, { standardEncodings } from './cases.mjs';
import { imports } from './entries.mjs';
import { unclearFailures } from '/tests/js/shared/every-api.mjs';

const mode = location.search.slice(1);
const lines = [];
const total = { passed: 0, failed: 0 };
const count = ({ passed, failed }) => {
  total.passed += passed;
  total.failed += failed;
};
const check = (label, ok, detail = '') => {
  count(ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
  lines.push(`${ok ? 'ok' : 'FAIL'} [csp ${mode}] ${label}${ok ? '' : `: ${detail}`}`);
};

// The smallest module (magic number and version, no sections): valid, so only the policy can
// refuse it.
async function wasmRefused() {
  try {
    await WebAssembly.compile(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
    check('WebAssembly.compile is refused', false, 'an empty module compiled');
  } catch (e) {
    check('WebAssembly.compile is refused', /Content Security Policy/i.test(e.message), `${e.name}: ${e.message}`);
  }
}

// Whether the page fetched the module compiled to JavaScript (pkg/<name>_bg.wasm2js.mjs).
function loadedJsBuild(name) {
  const file = `/pkg/${name}_bg.wasm2js.mjs`;
  const loaded = performance.getEntriesByType('resource').some((r) => new URL(r.name).pathname === file);
  check(`the JavaScript build (${file}) was loaded`, loaded, 'no request for it');
}

async function main() {
  const lib = await import(imports['encoding-wasm']);
  loadedJsBuild('encoding_wasm');
  const all = [...suites, polyfillSuite(lib, () => import(imports['encoding-wasm/polyfill']), standardEncodings)];
  count(await runSuites(lib, all, { log: (line) => lines.push(line), prefix: '[csp main] ' }));
}

async function polyfill() {
  // Filled once the polyfill has loaded the entry (the same module instance, then cached).
  const lib = {};
  const load = async () => {
    await import(imports['encoding-wasm/polyfill']);
    Object.assign(lib, await import(imports['encoding-wasm']));
  };
  count(
    await runSuites(lib, [polyfillSuite(lib, load, standardEncodings)], {
      log: (line) => lines.push(line),
      prefix: '[csp polyfill] ',
    }),
  );
  loadedJsBuild('encoding_wasm');
  // Shift_JIS 82A0 93FA 967B is あ日本 (jis0208 pointers 283, 3569, 4007), through the installed
  // stream class.
  const stream = new TextDecoderStream('shift_jis');
  const writer = stream.writable.getWriter();
  writer.write(new Uint8Array([0x82, 0xa0, 0x93, 0xfa, 0x96, 0x7b]));
  writer.close();
  let text = '';
  for await (const chunk of stream.readable) text += chunk;
  check('the installed TextDecoderStream decodes Shift_JIS', text === 'あ日本', JSON.stringify(text));
  count(await runSuites(lib, suites, { log: (line) => lines.push(line), prefix: '[csp polyfill] ' }));
}

async function inlineCjs() {
  // The bundle's exports: the required API, and a function that requires the polyfill.
  const { api, requirePolyfill } = await import('./inline-cjs.mjs');
  const problems = unclearFailures(api, /Content-Security-Policy without 'wasm-unsafe-eval'/);
  check('every API throws an Error that names the Content-Security-Policy', problems.length === 0, problems.join('; '));
  const names = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
  Object.defineProperty(globalThis, 'TextEncoderStream', { value: undefined, writable: true, configurable: true });
  const before = names.map((name) => globalThis[name]);
  try {
    requirePolyfill();
    const changed = names.filter((name, i) => globalThis[name] !== before[i]);
    check('the polyfill installs nothing', changed.length === 0, `it replaced ${changed.join(', ')}`);
  } catch (e) {
    check('the polyfill installs nothing', false, `require() threw ${e.name}: ${e.message}`);
  }
}

const modes = { main, polyfill, 'inline-cjs': inlineCjs };
try {
  await wasmRefused();
  await modes[mode]();
} catch (e) {
  check('run', false, `${e.name}: ${e.message}`);
}
window.__report = { lines, ...total };
