// npm run test:bundlers: the package as web developers install it. `npm pack` of the repo (or the
// tarball in $ENCODING_WASM_TARBALL) is installed into throwaway apps under target/bundlers/, each
// app is built with a bundler or framework (the versions package.json pins), every page is loaded
// in headless Chromium and its text checked, Node bundles are run; then attw, publint and tsc check
// the package's metadata and types. Prints `ok`/`FAIL` per step and ends with `N passed, N failed`.
//   node tests/bundlers/run.mjs [step-name-prefix ...]     e.g. `vite next-export tsc`
// ENCODING_WASM_TARBALL=<.tgz> tests that tarball instead of packing the repo; the apps are left in
// target/bundlers/ after a failure (and after success with KEEP_BUNDLER_APPS=1).
// The apps live inside the repository so that the tools resolve from its node_modules, while each
// app's own node_modules (target/bundlers/apps/node_modules) holds only the installed tarball.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { families, modules } from '../../scripts/layout.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const here = join(root, 'tests/bundlers');
const work = join(root, 'target/bundlers');
const apps = join(work, 'apps');
const only = process.argv.slice(2);
const STEP_MS = 240_000;
const PAGE_MS = 20_000;

// What the pages show (tests/bundlers/app/check.js), written out here: あ日本 from its Shift_JIS
// bytes, 日本 as EUC-JP bytes (JIS X 0208 row 38 cell 92 and row 43 cell 60, plus 0xA0 each).
const MAIN = 'Shift_JIS: あ日本 | EUC-JP: c6 fc cb dc';
const POLYFILL = 'polyfill Shift_JIS: あ日本 | function function function';
// The lite page (app/lite-check.js): Привет from its windows-1251 bytes (CF F0 E8 E2 E5 F2).
const LITE =
  "lite Shift_JIS: あ日本 | windows-1251: Привет | Big5: RangeError: Failed to construct 'TextDecoder': the Big5 " +
  "encoding is not loaded: import 'encoding-wasm/chinese-traditional' (or the full 'encoding-wasm') to add it.";

// encoding-wasm/detect in the Node bundles (app/node-detect.js): Привет's windows-1251 bytes
// (CF F0 E8 E2 E5 F2) guessed by detect(), a Detector and sniffHTML's step 8.
const DETECT = 'detect: windows-1251 | Detector: windows-1251 | sniffHTML: windows-1251 detect';

const cleanups = [];
const results = { passed: 0, failed: 0 };

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took more than ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function step(name, fn, { always = false } = {}) {
  if (!always && only.length > 0 && !only.some((o) => name.startsWith(o))) return;
  const start = performance.now();
  try {
    await withTimeout(fn(), STEP_MS, name);
    results.passed++;
    console.log(`ok ${name} (${((performance.now() - start) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.failed++;
    console.log(`FAIL ${name}: ${String(e?.message ?? e).replaceAll('\n', '\n    ')}`);
  }
}

// Runs a command in its own process group (killed on timeout or exit): resolves to its standard
// output, or rejects with the end of all its output if it fails.
function run(cmd, args, { cwd = root, env = {}, timeoutMs = STEP_MS } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (d) => {
      output += d;
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const kill = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    cleanups.push(kill);
    const timer = setTimeout(kill, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const tail = output.trimEnd().split('\n').slice(-40).join('\n');
      if (code === 0) resolve(stdout);
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}:\n${tail}`));
    });
  });
}

// A long-running child (a server): resolves once a line of its output matches `ready`.
function start(cmd, args, ready, { cwd = root } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stop = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    cleanups.push(stop);
    let output = '';
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${cmd} did not start in 60 s:\n${output}`));
    }, 60_000);
    const onData = (d) => {
      output += d;
      const m = ready.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ match: m, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`${cmd} exited with ${code}:\n${output}`));
    });
  });
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.wasm': 'application/wasm',
};

// A static server for a build's output on 127.0.0.1 and an ephemeral port.
function serve(dir) {
  const server = createServer(async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.endsWith('/')) path += 'index.html';
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir + sep)) return res.writeHead(403).end();
    if (!extname(file) && existsSync(`${file}.html`)) file += '.html';
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  cleanups.push(() => server.close());
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, server })),
  );
}

let browser;
async function context() {
  if (!browser) {
    const userDataDir = mkdtempSync(join(tmpdir(), 'encoding-wasm-bundlers-chromium-'));
    cleanups.push(() => rmSync(userDataDir, { recursive: true, force: true }));
    browser = await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }
  return browser;
}

// Loads `url` and checks the text of each selector; page errors, failed requests and console
// errors are reported with a mismatch. The page has WebAssembly, so it must not load the modules
// compiled to JavaScript (recognized by the memory object wasm2js writes: `grow: { value: … }`,
// property names that minifiers keep and that the API's own code never writes).
const WASM2JS_MEMORY = /["']?grow["']?\s*:\s*\{\s*["']?value["']?\s*:/;
async function checkPage(url, expected) {
  const page = await (await context()).newPage();
  const problems = [];
  const scripts = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script')
      scripts.push(
        r.text().then(
          (text) => [r.url(), text],
          () => null,
        ),
      );
  });
  let pageError;
  const failed = new Promise((_, reject) => {
    pageError = reject;
  });
  failed.catch(() => {});
  page.on('pageerror', (e) => {
    problems.push(`page error: ${e.message}`);
    pageError(new Error(`${page.url()} threw`));
  });
  page.on('console', (m) => m.type() === 'error' && problems.push(`console error: ${m.text()}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()} for ${r.url()}`));
  try {
    await page.goto(url, { timeout: PAGE_MS });
    const why = () => (problems.length > 0 ? `\n${problems.join('\n')}` : ' (no page error)');
    try {
      await Promise.race([page.waitForSelector('#out', { timeout: PAGE_MS }), failed]);
    } catch (e) {
      throw new Error(`${url} showed no result${e.message.endsWith('threw') ? '' : ` in ${PAGE_MS / 1000} s`}${why()}`);
    }
    for (const [selector, text] of Object.entries(expected)) {
      const shown = await page.textContent(selector);
      if (shown !== text)
        throw new Error(`${url} ${selector}: ${JSON.stringify(shown)}, not ${JSON.stringify(text)}${why()}`);
    }
    for (const script of await Promise.all(scripts)) {
      if (script !== null && WASM2JS_MEMORY.test(script[1])) {
        throw new Error(`${url} loaded the JavaScript build: ${script[0]}`);
      }
    }
  } finally {
    await page.close();
  }
}

// A copy of the shared page sources in apps/<name>, plus the given files.
function app(name, files = {}) {
  const dir = join(apps, name);
  cpSync(join(here, 'app'), dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

const html = (script) =>
  `<!doctype html>\n<html><head><meta charset="utf-8"><title>encoding-wasm</title><link rel="icon" href="data:,"></head>\n<body><script type="module" src="./${script}"></script></body></html>\n`;
const htmlEntries = { 'index.html': html('main.js'), 'polyfill.html': html('polyfill.js') };
const liteHtml = { 'lite.html': html('lite.js') };
const node = (args, opts) => run(process.execPath, args, opts);

// The package's wasm modules that a build's output holds: a module counts if a file of the output
// is its .wasm file, or holds a slice of its base64 (the inlined copy).
const WASM_MODULES = {
  full: 'encoding_wasm_bg.wasm',
  ...Object.fromEntries(['lite', ...families()].map((name) => [name, `${name}_bg.wasm`])),
};
function wasmModulesIn(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name)));
  const texts = files.map((f) => f.toString('latin1'));
  return Object.entries(WASM_MODULES)
    .filter(([, file]) => {
      const bytes = readFileSync(join(apps, 'node_modules/encoding-wasm/pkg', file));
      const base64 = bytes.toString('base64');
      const slice = base64.slice(base64.length >> 1, (base64.length >> 1) + 256);
      return files.some((f) => f.equals(bytes)) || texts.some((t) => t.includes(slice));
    })
    .map(([name]) => name);
}

function expectModules(dir, expected) {
  const found = wasmModulesIn(dir);
  if (found.join() !== expected.join())
    throw new Error(`${dir} holds the wasm modules ${found.join(', ') || 'none'}, not ${expected.join(', ')}`);
}

async function expectOutput(file, text) {
  const out = (await node([file], { timeoutMs: 30_000 })).trim();
  if (out !== text) throw new Error(`node ${file} printed ${JSON.stringify(out)}, not ${JSON.stringify(text)}`);
}

async function main() {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(apps, { recursive: true });
  // The apps' own package: without it, the tools would resolve 'encoding-wasm' to the repository
  // itself (a package may import itself by name).
  writeFileSync(
    join(apps, 'package.json'),
    `${JSON.stringify({ name: 'bundler-apps', private: true, type: 'module' }, null, 2)}\n`,
  );
  let tarball = process.env.ENCODING_WASM_TARBALL;
  await step(
    'pack and install the tarball',
    async () => {
      if (!tarball) {
        if (!existsSync(join(root, 'pkg/encoding_wasm_bg.wasm')))
          throw new Error('pkg/ is missing: run `npm run build`');
        const packed = JSON.parse(await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work]));
        tarball = join(work, packed[0].filename);
      }
      await run(
        'npm',
        ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', '--prefer-offline', tarball],
        { cwd: apps },
      );
      if (!existsSync(join(apps, 'node_modules/encoding-wasm/package.json')))
        throw new Error('the tarball was not installed');
    },
    { always: true },
  );
  if (results.failed > 0) return;

  // Browser bundles: each tool builds the two pages; Chromium loads them.
  const browserTools = {
    vite: { files: htmlEntries, pages: ['index', 'polyfill'] },
    'webpack-production': { pages: ['index', 'polyfill'] },
    'webpack-development': { pages: ['index', 'polyfill'] },
    'webpack-require': { pages: ['index'] },
    // A lockfile makes the app Parcel's project root, as in a real app (Parcel would otherwise
    // take the repository's package.json, with its library fields, for the app's).
    parcel: { files: { ...htmlEntries, 'package-lock.json': '{}\n' }, pages: ['index', 'polyfill'] },
    rollup: { pages: ['index', 'polyfill'] },
    esbuild: { pages: ['index', 'polyfill'] },
  };
  for (const [tool, { files, pages }] of Object.entries(browserTools)) {
    if (only.length > 0 && !only.some((o) => tool.startsWith(o) || o.startsWith(tool))) continue;
    const dir = app(tool, files);
    let built = false;
    await step(`${tool}: build`, async () => {
      await node([join(here, 'build.mjs'), tool, dir]);
      built = true;
    });
    const { url } = await serve(join(dir, 'dist'));
    for (const name of pages) {
      await step(`${tool}: ${name}.html in Chromium`, async () => {
        if (!built) throw new Error('not built');
        await checkPage(`${url}/${name}.html`, { '#out': name === 'polyfill' ? POLYFILL : MAIN });
      });
    }
  }

  // The lite entry with one add-on: each tool builds a page importing only 'encoding-wasm/lite'
  // and 'encoding-wasm/japanese' (app/lite.js); Chromium loads it, and the output must hold the
  // lite and Japanese wasm modules and no other.
  const liteTools = {
    vite: liteHtml,
    'webpack-production': {},
    'webpack-development': {},
    parcel: { ...liteHtml, 'package-lock.json': '{}\n' },
    rollup: {},
    esbuild: {},
  };
  for (const [tool, files] of Object.entries(liteTools)) {
    const name = `lite-${tool}`;
    if (only.length > 0 && !only.some((o) => name.startsWith(o) || o.startsWith(name))) continue;
    const dir = app(name, files);
    let built = false;
    await step(`${name}: build`, async () => {
      await node([join(here, 'build.mjs'), tool, dir, 'lite']);
      built = true;
    });
    const { url } = await serve(join(dir, 'dist'));
    await step(`${name}: lite.html in Chromium`, async () => {
      if (!built) throw new Error('not built');
      await checkPage(`${url}/lite.html`, { '#out': LITE });
    });
    await step(`${name}: the output holds the lite and Japanese wasm modules only`, async () => {
      if (!built) throw new Error('not built');
      expectModules(join(dir, 'dist'), ['lite', 'japanese']);
    });
  }

  // Vite's dev server, which pre-bundles dependencies into node_modules/.vite.
  if (only.length === 0 || only.some((o) => 'vite-dev'.startsWith(o) || o.startsWith('vite-dev'))) {
    const dir = app('vite-dev', { ...htmlEntries, ...liteHtml });
    let url;
    for (const [name, text] of [
      ['index', MAIN],
      ['polyfill', POLYFILL],
      ['lite', LITE],
    ]) {
      await step(`vite-dev: ${name}.html in Chromium`, async () => {
        url ??= (await start(process.execPath, [join(here, 'vite-dev.mjs'), dir], /listening on (\S+)/)).match[1];
        await checkPage(`${url}/${name}.html`, { '#out': text });
      });
    }
  }

  // Node bundles: each tool bundles for Node; the bundles run.
  for (const [tool, ext] of [
    ['esbuild-node', 'mjs'],
    ['webpack-node', 'cjs'],
  ]) {
    if (only.length > 0 && !only.some((o) => tool.startsWith(o) || o.startsWith(tool))) continue;
    const dir = app(tool);
    await step(`${tool}: build and run`, async () => {
      await node([join(here, 'build.mjs'), tool, dir]);
      // The bundle alone, away from the installed package.
      const alone = join(work, `${tool}-dist`);
      cpSync(join(dir, 'dist'), alone, { recursive: true });
      await expectOutput(join(alone, `main.${ext}`), MAIN);
      await expectOutput(join(alone, `polyfill.${ext}`), POLYFILL);
      await expectOutput(join(alone, `lite.${ext}`), LITE);
      await expectOutput(join(alone, `detect.${ext}`), DETECT);
      if (tool === 'webpack-node') await expectOutput(join(alone, 'require.cjs'), MAIN);
    });
  }

  await step('node: import() from CommonJS', async () => {
    const dir = app('node-cjs');
    await expectOutput(join(dir, 'import-from-cjs.cjs'), `${MAIN} | Shift_JIS`);
  });

  // Next.js, app router: a server component with a client component inside, main entry and
  // polyfill; `next build` as a static export and for a server.
  for (const mode of ['export', 'server']) {
    const tool = `next-${mode}`;
    if (only.length > 0 && !only.some((o) => tool.startsWith(o) || o.startsWith(tool))) continue;
    const next = (f) => readFileSync(join(here, 'next', f), 'utf8');
    const dynamic = mode === 'server' ? "export const dynamic = 'force-dynamic';\n\n" : '';
    const dir = app(tool, {
      'next.config.mjs': `export default ${mode === 'export' ? "{ output: 'export' }" : '{}'};\n`,
      'app/layout.js': next('layout.js'),
      'app/page.js': dynamic + next('page.js'),
      'app/client.js': next('client.js'),
      'app/polyfill/page.js': dynamic + next('polyfill-page.js'),
      'app/polyfill/client.js': next('polyfill-client.js'),
    });
    let built = false;
    await step(`${tool}: next build`, async () => {
      await node([join(root, 'node_modules/next/dist/bin/next'), 'build'], { cwd: dir });
      built = true;
    });
    let url;
    if (mode === 'export') ({ url } = await serve(join(dir, 'out')));
    for (const [page, text] of [
      ['', MAIN],
      ['polyfill', POLYFILL],
    ]) {
      await step(`${tool}: /${page} in Chromium`, async () => {
        if (!built) throw new Error('not built');
        if (!url) {
          const { match } = await start(process.execPath, [join(here, 'next-server.mjs'), dir], /listening on (\S+)/);
          url = match[1];
        }
        await checkPage(`${url}/${page}`, { '#server': text, '#out': text });
      });
    }
  }

  // The package's metadata and types.
  // The lite entry and the add-ons are ES modules only: require() of them is not a resolution to
  // check, everything else is.
  const attw = (args) =>
    node([
      join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'),
      tarball,
      '--format',
      'table-flipped',
      ...args,
    ]);
  const subpaths = modules()
    .map((m) => m.subpath)
    .filter((subpath) => subpath !== './polyfill/always');
  await step('attw: every resolution of every entry, no rule ignored', () => attw(['--entrypoints', ...subpaths]));
  await step('publint --strict', async () => {
    const { publint } = await import('publint');
    const { formatMessage } = await import('publint/utils');
    const pkg = JSON.parse(readFileSync(join(apps, 'node_modules/encoding-wasm/package.json'), 'utf8'));
    const buffer = readFileSync(tarball);
    const tarballData = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
    const { messages } = await publint({ pack: { tarball: tarballData }, strict: true });
    if (messages.length > 0) throw new Error(messages.map((m) => `${m.type}: ${formatMessage(m, pkg)}`).join('\n'));
  });
  const types = app('types');
  cpSync(join(here, 'types'), types, { recursive: true });
  for (const resolution of ['bundler', 'node16', 'nodenext']) {
    for (const [env, options] of [
      ['DOM', { lib: ['es2022', 'dom'], types: [] }],
      ['@types/node only', { lib: ['es2022'], types: ['node'] }],
    ]) {
      await step(`tsc --strict: moduleResolution ${resolution}, ${env}`, async () => {
        const config = join(types, `tsconfig.${resolution}.${options.types.length}.json`);
        const compilerOptions = {
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          target: 'es2022',
          module: resolution === 'bundler' ? 'preserve' : resolution,
          moduleResolution: resolution,
          ...options,
        };
        writeFileSync(
          config,
          JSON.stringify({
            compilerOptions,
            files: ['consumer.ts', 'consumer.cts', 'consumer-lite.ts', 'consumer-detect.ts'],
          }),
        );
        await node([join(root, 'node_modules/typescript/bin/tsc'), '-p', config]);
      });
    }
  }
}

try {
  await main();
} finally {
  await browser?.close().catch(() => {});
  for (const cleanup of cleanups.reverse()) cleanup();
}
if (readdirSync(work).length > 0 && !process.env.KEEP_BUNDLER_APPS && results.failed === 0) {
  rmSync(work, { recursive: true, force: true });
}
console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exitCode = results.failed === 0 && results.passed > 0 ? 0 : 1;
