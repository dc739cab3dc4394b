// The demo page's test harness, shared by the files in tests/browser/: `npm start` serves the page,
// headless Chromium (Debian's, through playwright-core) opens it; plus the standard's encoders,
// computed from its index files, for expected bytes that never come from our encoder.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const shots = join(root, 'test-results');
mkdirSync(shots, { recursive: true });
export const scratch = mkdtempSync(join(tmpdir(), 'encoding-wasm-demo-'));

// ---- The standard's indexes and encoder formulas ----

/** [pointer, code point] pairs of indexes/index-<name>.txt. */
export function readIndex(name) {
  const pairs = [];
  for (const line of readFileSync(join(root, 'indexes', `index-${name}.txt`), 'utf8').split('\n')) {
    const m = /^\s*(\d+)\s+0x([0-9A-F]+)/.exec(line);
    if (m) pairs.push([Number(m[1]), parseInt(m[2], 16)]);
  }
  return pairs;
}

/** The index pointer for a code point: the first pointer, optionally skipping some. */
export function pointerMap(name, skip = () => false) {
  const map = new Map();
  for (const [pointer, cp] of readIndex(name)) if (!skip(pointer) && !map.has(cp)) map.set(cp, pointer);
  return map;
}

function encodeWith(text, twoBytes) {
  const out = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0);
    if (cp < 0x80) out.push(cp);
    else out.push(...twoBytes(cp));
  }
  return Uint8Array.from(out);
}

function need(map, cp) {
  const p = map.get(cp);
  if (p === undefined) throw new Error(`U+${cp.toString(16)} is not in the index`);
  return p;
}

// Shift_JIS encoder (section "Shift_JIS encoder"), index Shift_JIS pointer excludes 8272–8835.
const sjisIndex = pointerMap('jis0208', (p) => p >= 8272 && p <= 8835);
export const shiftJis = (text) =>
  encodeWith(text, (cp) => {
    if (cp >= 0xff61 && cp <= 0xff9f) return [cp - 0xff61 + 0xa1];
    const pointer = need(sjisIndex, cp);
    const leading = Math.floor(pointer / 188);
    const trailing = pointer % 188;
    return [leading + (leading < 0x1f ? 0x81 : 0xc1), trailing + (trailing < 0x3f ? 0x40 : 0x41)];
  });

// GBK encoder = gb18030 encoder with is GBK (section "gb18030 encoder"), two-byte part.
const gbIndex = pointerMap('gb18030');
export const gbk = (text) =>
  encodeWith(text, (cp) => {
    const pointer = need(gbIndex, cp);
    const trailing = pointer % 190;
    return [Math.floor(pointer / 190) + 0x81, trailing + (trailing < 0x3f ? 0x40 : 0x41)];
  });

// EUC-KR encoder (section "EUC-KR encoder").
const krIndex = pointerMap('euc-kr');
export const eucKr = (text) =>
  encodeWith(text, (cp) => {
    const pointer = need(krIndex, cp);
    return [Math.floor(pointer / 190) + 0x81, (pointer % 190) + 0x41];
  });

export const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
export const asciiHex = (s) => hex(Uint8Array.from(s, (c) => c.charCodeAt(0)));

// ---- The server and the browser ----

let server;
let base;
let browser;
/** Requests the pages made outside their own origin. */
export const external = [];

before(
  async () => {
    server = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true, // its own process group, so after() stops npm and the server together
    });
    base = await new Promise((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (d) => {
        out += d;
        const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
        if (m) resolve(m[0]);
      });
      server.on('exit', (code) => reject(new Error(`npm start exited with ${code}: ${out}`)));
    });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  },
  { timeout: 20 * 60_000 },
); // the first run may build pkg/

after(async () => {
  await browser?.close();
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  }
  rmSync(scratch, { recursive: true, force: true });
});

/** A new page with the demo loaded; `problems` collects uncaught errors. */
export async function openPage(viewport) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  context.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(base) && !url.startsWith('blob:') && !url.startsWith('data:')) external.push(url);
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(base);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
  return { page, context, problems };
}

/** The widths the page is tested at. */
export const viewports = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 375, height: 812 },
};

/**
 * A describe() whose tests share one demo page at `viewport`: opened before them, closed after
 * them, failing if the page threw. `fn(view)` declares the tests; `view.page` is the page once
 * they run, `view.noSideways()` asserts the page does not scroll sideways.
 */
export function describePage(title, viewport, fn) {
  describe(title, () => {
    let context;
    let problems;
    const view = {
      viewport,
      page: undefined,
      async noSideways() {
        const width = await view.page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= viewport.width, `the page is ${width} px wide`);
      },
    };
    before(async () => ({ page: view.page, context, problems } = await openPage(viewport)));
    after(async () => {
      assert.deepEqual(problems, [], 'no uncaught errors on the page');
      await context.close();
    });
    fn(view);
  });
}

/** describePage() at each of `viewports`, titled `${title}, ${device} (${width} px)`: `fn(view, device)`. */
export function forEachViewport(title, fn) {
  for (const [device, viewport] of Object.entries(viewports)) {
    describePage(`${title}, ${device} (${viewport.width} px)`, viewport, (view) => fn(view, device));
  }
}

/** The bytes a hex view shows, without its offset column. */
export const shownHex = (page, id) =>
  page.$eval(`#${id}`, (pre) =>
    pre.textContent
      .split('\n')
      .filter((l) => /^[0-9a-f]{8} /.test(l))
      .map((l) => l.slice(9).trim())
      .join(' '),
  );

export async function pickEncoding(page, which, label, name) {
  await page.fill(`#${which}-search`, label);
  assert.equal(await page.inputValue(`#${which}-encoding`), name, `label ${label} selects ${name}`);
}

/** Clears a section's result, so the next one can be awaited; call before acting. */
export const clearResult = (page, which) => page.$eval(`#${which}-result`, (e) => e.replaceChildren());

/** Waits for a section's next result and returns the encoding it names (fails on an error). */
export async function resultEncoding(page, which) {
  await page.waitForSelector(`#${which}-result :is(#${which}-used, .alert)`);
  if (!(await page.$(`#${which}-used`))) assert.fail(`${which}: ${await page.textContent(`#${which}-result`)}`);
  return page.textContent(`#${which}-used`);
}

export async function decodeHex(page, bytesHex) {
  await page.fill('#dec-hex', bytesHex);
  await page.click('#dec-hex-go');
}
