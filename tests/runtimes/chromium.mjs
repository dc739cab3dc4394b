// Runs the shared cases in headless Chromium (Debian's /usr/bin/chromium driven by
// playwright-core): a static server on a random loopback port serves the repo, and a page loads the
// package as a plain module script, 'encoding-wasm' mapped by an import map to the browser entry
// of package.json's exports (no bundler). Cases run on the main thread and in a module Worker; then
// a second page (index.html?lite, a realm where the full entry is never imported) runs the lite
// entry's cases and the shared ones against 'encoding-wasm/lite' with its add-ons, likewise. Then
// pages served with `Content-Security-Policy: script-src 'self'` (no 'wasm-unsafe-eval'), where
// WebAssembly is refused, check the main entry and the polyfill through the JavaScript build, and
// require() bundled for browsers (no JavaScript build) failing clearly (browser/csp.mjs).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { modules } from '../../scripts/layout.mjs';
import { atExit, casesIndex, finish, repoRoot, resolveExport } from './lib.mjs';

const EXECUTABLE = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const timeoutMs = Number(process.env.RUNTIME_TIME_LIMIT ?? 300) * 1000;

const packageJson = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'));
const browserPath = (subpath) => `/${resolveExport(packageJson, subpath, ['browser', 'import']).replace(/^\.\//, '')}`;
const imports = Object.fromEntries(
  modules().map(({ subpath }) => [`encoding-wasm${subpath.slice(1)}`, browserPath(subpath)]),
);

const indexHtml = `<!doctype html>
<meta charset="utf-8">
<title>encoding-wasm in Chromium</title>
<link rel="icon" href="data:,">
<script type="importmap">${JSON.stringify({ imports })}</script>
<script>
  // Counts synchronous wasm compilations on the main thread (page.mjs asserts there are none).
  window.__syncCompiles = 0;
  WebAssembly.Module = new Proxy(WebAssembly.Module, {
    construct(target, args, newTarget) { window.__syncCompiles++; return Reflect.construct(target, args, newTarget); },
  });
</script>
<script type="module" src="/__runtimes/page.mjs"></script>
`;

// The strict pages: no inline script at all (the policy refuses them, import maps included).
const CSP = "script-src 'self'";
const cspHtml = `<!doctype html>
<meta charset="utf-8">
<title>encoding-wasm under script-src 'self'</title>
<link rel="icon" href="data:,">
<script type="module" src="/__runtimes/csp.mjs"></script>
`;
// require('encoding-wasm') and require('encoding-wasm/polyfill') as a browser bundle has them:
// esbuild resolves the package (by name, from the repo) with its browser conditions.
const inlineCjs = await build({
  stdin: {
    contents:
      "export const api = require('encoding-wasm');\nexport const requirePolyfill = () => require('encoding-wasm/polyfill');\n",
    resolveDir: repoRoot,
    loader: 'js',
  },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  logLevel: 'warning',
});

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.map': 'application/json',
};
const generated = {
  '/__runtimes/index.html': () => indexHtml,
  '/__runtimes/cases.mjs': () => casesIndex((f) => `/tests/js/shared/${f}`),
  '/__runtimes/csp.html': () => cspHtml,
  '/__runtimes/entries.mjs': () => `export const imports = ${JSON.stringify(imports)};\n`,
  '/__runtimes/inline-cjs.mjs': () => inlineCjs.outputFiles[0].text,
};
const staticFiles = {
  '/__runtimes/page.mjs': 'tests/runtimes/browser/page.mjs',
  '/__runtimes/worker.mjs': 'tests/runtimes/browser/worker.mjs',
  '/__runtimes/csp.mjs': 'tests/runtimes/browser/csp.mjs',
};

async function respond(req, res) {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const type = TYPES[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream';
  try {
    let body;
    if (generated[path]) body = generated[path]();
    else {
      const file = normalize(join(repoRoot, staticFiles[path] ?? path));
      if (!file.startsWith(repoRoot) || file.split(sep).includes('..')) throw new Error('outside the repo');
      body = await readFile(file);
    }
    // Cross-origin isolated, so that the page and its Worker have SharedArrayBuffer; the CSP page
    // refuses WebAssembly.
    const headers = {
      'content-type': type,
      'cache-control': 'no-store',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    };
    if (path === '/__runtimes/csp.html') headers['content-security-policy'] = CSP;
    res.writeHead(200, headers);
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }
}

const server = createServer((req, res) => void respond(req, res));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
atExit(() => server.close());
const origin = `http://127.0.0.1:${server.address().port}`;

const lines = [];
const say = (line) => {
  lines.push(line);
  console.log(line);
};
let browser;
const killer = setTimeout(() => {
  browser?.close().catch(() => {});
  finish('chromium', { code: 124, lines, timedOut: true });
}, timeoutMs);
try {
  browser = await chromium.launch({ executablePath: EXECUTABLE, args: ARGS, headless: true, timeout: 60_000 });
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') console.error(`[console] ${m.text()}`);
  });
  page.on('requestfailed', (r) => console.error(`[request failed] ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) console.error(`[${r.status()}] ${r.url()}`);
  });
  const total = { passed: 0, failed: 0, skipped: 0 };
  const pages = ['index.html', 'index.html?lite', 'csp.html?main', 'csp.html?polyfill', 'csp.html?inline-cjs'];
  for (const path of pages) {
    await page.goto(`${origin}/__runtimes/${path}`);
    const handle = await page.waitForFunction(() => window.__report, null, { timeout: timeoutMs });
    const report = await handle.jsonValue();
    report.lines.forEach(say);
    total.passed += report.passed;
    total.failed += report.failed;
    total.skipped += report.skipped ?? 0;
  }
  say(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  clearTimeout(killer);
  await browser.close();
  finish('chromium', { code: total.failed ? 1 : 0, lines });
} catch (e) {
  clearTimeout(killer);
  console.error(e);
  await browser?.close().catch(() => {});
  finish('chromium', { code: 1, lines });
}
