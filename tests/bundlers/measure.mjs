// What each way of loading the wasm module costs (docs/runtimes.md's "How the package loads its wasm
// module"): bundle bytes with esbuild (minified, gzip -9) for a page that uses only TextDecoder and
// for one that uses the whole API, with the package's sideEffects declarations and without them
// (every module kept), through the default browser entry and the inline-wasm entry; and the
// time from navigation to a first Shift_JIS decode in headless Chromium, median of 7 loads; in
// Node, the time from import() of an entry to a first decode in fresh processes, median of 7.
// Needs `npm run build`.   node tests/bundlers/measure.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sources = {
  'TextDecoder only': `import { TextDecoder } from 'encoding-wasm';
const t = new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0]));
document.title = String(performance.now()); document.body.textContent = t;`,
  'whole API': `import * as lib from 'encoding-wasm';
const t = new lib.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0]));
document.title = String(performance.now()); document.body.textContent = t + Object.keys(lib).length;`,
};

async function bundle(source, { inline, keepAll }) {
  const result = await build({
    stdin: { contents: source, resolveDir: root, sourcefile: 'page.js' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    conditions: inline ? ['inline-wasm'] : [],
    ignoreAnnotations: keepAll,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}

const wasm = await readFile(join(root, 'pkg/encoding_wasm_bg.wasm'));
const gz = (b) => gzipSync(b, { level: 9 }).length;
console.log('| page | entry | sideEffects | JS bytes | JS gzip | + wasm file gzip | total gzip |');
console.log('| --- | --- | --- | ---: | ---: | ---: | ---: |');
const pages = {};
for (const [name, source] of Object.entries(sources)) {
  for (const inline of [false, true]) {
    for (const keepAll of [false, true]) {
      const js = await bundle(source, { inline, keepAll });
      const wasmGz = inline ? 0 : gz(wasm);
      console.log(
        `| ${name} | ${inline ? 'inline-wasm' : 'browser (.wasm by URL)'} | ${keepAll ? 'ignored' : 'declared'} | ${js.length} | ${gz(js)} | ${wasmGz} | ${gz(js) + wasmGz} |`,
      );
      if (name === 'TextDecoder only' && !keepAll) pages[inline ? 'inline' : 'url'] = js;
    }
  }
}

// Start-up in Chromium: the two TextDecoder-only bundles, served with gzip as a server would.
const dir = mkdtempSync(join(tmpdir(), 'encoding-wasm-measure-'));
const files = {
  '/url.js': pages.url,
  '/inline.js': pages.inline,
  '/encoding_wasm_bg.wasm': wasm,
};
const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (path.endsWith('.html')) {
    const script = path.slice(1, -'.html'.length);
    res.writeHead(200, { 'Content-Type': 'text/html' });
    return res.end(`<!doctype html><body><script type="module" src="/${script}.js"></script>`);
  }
  const body = files[path];
  if (!body) return res.writeHead(404).end();
  const type = path.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
  res.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip', 'Cache-Control': 'no-store' });
  res.end(gzipSync(body));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  console.log('\n| entry | navigation to first decode, ms (median of 7) |\n| --- | ---: |');
  for (const name of ['url', 'inline']) {
    const times = [];
    for (let i = 0; i < 8; i++) {
      const page = await browser.newPage();
      await page.goto(`${base}/${name}.html`);
      await page.waitForFunction(() => document.title !== '');
      if (i > 0) times.push(Number(await page.title())); // the first load warms the HTTP stack
      await page.close();
    }
    times.sort((a, b) => a - b);
    console.log(`| ${name === 'url' ? 'browser (.wasm by URL)' : 'inline-wasm'} | ${times[3].toFixed(1)} |`);
  }
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}

// Start-up in Node: the file read (index.node.mjs) against the inlined copy (index.inline.mjs).
console.log('\n| Node entry | import() to first decode, ms (median of 7) |\n| --- | ---: |');
for (const entry of ['index.node.mjs', 'index.inline.mjs']) {
  const url = pathToFileURL(join(root, 'pkg', entry)).href;
  const script = `const t = performance.now(); const m = await import(${JSON.stringify(url)});
new m.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])); console.log(performance.now() - t);`;
  const times = [];
  for (let i = 0; i < 7; i++) {
    times.push(Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })));
  }
  times.sort((a, b) => a - b);
  console.log(`| ${entry} | ${times[3].toFixed(1)} |`);
}
