// Runs the shared JS cases in Deno, Bun, headless Chromium, workerd, and the engines without
// WebAssembly Hermes, QuickJS and `node --jitless` (the JavaScript build) against the built package
// (its full entry, then its lite entry with every add-on), then the wasm-bindgen tests under Node
// and Chromium; fails if any fails. Each runtime is time limited (RUNTIME_TIME_LIMIT seconds,
// default 300) and killed with whatever it started.
// Usage: node tests/runtimes/run-all.mjs [deno|bun|chromium|workerd|hermes|quickjs|jitless|wasm-bindgen ...]
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, run, SUMMARY } from './lib.mjs';

const RUNNERS = {
  deno: ['node', ['tests/runtimes/deno.mjs']],
  bun: ['node', ['tests/runtimes/bun.mjs']],
  chromium: ['node', ['tests/runtimes/chromium.mjs']],
  workerd: ['node', ['tests/runtimes/workerd.mjs']],
  hermes: ['node', ['tests/runtimes/hermes.mjs']],
  quickjs: ['node', ['tests/runtimes/quickjs.mjs']],
  jitless: ['node', ['tests/runtimes/jitless.mjs']],
  'wasm-bindgen': ['sh', ['tests/runtimes/wasm-bindgen.sh']],
};

const limit = Number(process.env.RUNTIME_TIME_LIMIT ?? 300);
const chosen = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(RUNNERS);
const unknown = chosen.filter((name) => !RUNNERS[name]);
if (unknown.length) {
  console.error(`unknown runtime ${unknown.join(', ')}; choose from ${Object.keys(RUNNERS).join(', ')}`);
  process.exit(2);
}

if (chosen.some((name) => name !== 'wasm-bindgen') && !existsSync(join(repoRoot, 'pkg'))) {
  console.error('pkg/ is missing: run `npm run build` first');
  process.exit(1);
}

// Cases each runtime may skip (it lacks what they need; each skip prints its reason): a new skip,
// or one fewer, fails the run, so that no case stops running unnoticed. Hermes 0.12: in each of its
// two runs (the full entry, lite), SharedArrayBuffer (4), detaching a buffer (3), a resizable
// ArrayBuffer (1), and calling a class as a function on an instance (1), which compiled classes
// cannot refuse; in the full entry's run, encoding-wasm/detect's SharedArrayBuffer (2: sniffHTML's,
// detect()'s) and detaching (2: sniffHTML's, detect()'s) cases.
const EXPECTED_SKIPS = { hermes: 22 };

const results = [];
for (const name of chosen) {
  console.log(`\n=== ${name}`);
  const [cmd, args] = RUNNERS[name];
  const started = Date.now();
  // The runner enforces the limit on its runtime; this outer limit catches the runner itself.
  const { code, timedOut, lines } = await run(cmd, args, {
    cwd: repoRoot,
    env: { ...process.env, RUNTIME_TIME_LIMIT: String(limit), RUNTIMES_RUNNER: '1' },
    timeoutMs: (2 * limit + 60) * 1000,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let status = code === 0 ? 'ok' : timedOut ? 'TIMED OUT' : `FAILED (exit ${code})`;
  const summary = lines.findLast((line) => SUMMARY.test(line));
  if (status === 'ok' && summary !== undefined) {
    const skipped = Number(SUMMARY.exec(summary)[3] ?? 0);
    const expected = EXPECTED_SKIPS[name] ?? 0;
    if (skipped !== expected) status = `FAILED (${skipped} cases skipped, ${expected} expected)`;
  }
  results.push([name, status, seconds]);
}

console.log('\n=== summary');
for (const [name, status, seconds] of results) console.log(`${name.padEnd(13)} ${status} (${seconds} s)`);
process.exit(results.every(([, status]) => status === 'ok') ? 0 : 1);
