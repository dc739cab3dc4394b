// Node-side helpers for the runtime runners: the packed package in a throwaway consumer project,
// the shared cases' index, child processes with time limits, and the final report.

import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const sharedDir = join(repoRoot, 'tests/js/shared');
export const bin = (name) => join(repoRoot, 'node_modules/.bin', name);

export const SUMMARY = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/;

/// The shared case files, sorted.
export const caseFiles = () =>
  readdirSync(sharedDir)
    .filter((f) => f.endsWith('.cases.mjs'))
    .sort();

/// Source of a module whose default export is `[[file, cases]]` for every case file
/// (`specifierOf(file)` says how the index imports it), whose `standardEncodings` is the
/// standard's encodings.json (for the polyfill check), whose `liteCases` is lite.mjs's (the
/// lite entry and its add-ons) and whose `detectCases` is detect.mjs's (encoding-wasm/detect).
export function casesIndex(specifierOf) {
  const files = caseFiles();
  const imports = files.map((f, i) => `import c${i} from ${JSON.stringify(specifierOf(f))};`);
  const entries = files.map((f, i) => `  [${JSON.stringify(f)}, c${i}],`);
  const standard = readFileSync(join(repoRoot, 'indexes/encodings.json'), 'utf8');
  return (
    `${imports.join('\n')}\nexport { default as liteCases } from ${JSON.stringify(specifierOf('lite.mjs'))};\n` +
    `export { default as detectCases } from ${JSON.stringify(specifierOf('detect.mjs'))};\n` +
    `export default [\n${entries.join('\n')}\n];\n` +
    `export const standardEncodings = ${JSON.stringify(JSON.parse(standard))};\n`
  );
}

const cleanups = [];
/// Runs `fn` when the runner exits, however it exits.
export const atExit = (fn) => cleanups.push(fn);
function runCleanups() {
  while (cleanups.length) {
    try {
      cleanups.pop()();
    } catch {
      /* best effort */
    }
  }
}
process.on('exit', runCleanups);
// On a signal, children get SIGTERM and a grace period to stop what they started (Playwright's
// browser, temporary directories) before the cleanups SIGKILL them; the runner exits once they
// are gone. run-all's runners get a shorter one than run-all, so they finish cleaning first.
const GRACE_MS = process.env.RUNTIMES_RUNNER ? 3000 : 6000;
const children = new Set();
let stopping = false;
const stopIfDone = () => {
  if (stopping && children.size === 0) process.exit(130);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true;
    for (const pid of children) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        /* gone */
      }
    }
    setTimeout(() => process.exit(130), GRACE_MS);
    stopIfDone();
  });
}

/// A throwaway project that depends on the package as npm would install it: `npm pack` of the
/// repo (what would be published: package.json `files`, built `pkg/`), unpacked into
/// `node_modules/encoding-wasm`. Removed at exit.
export function consumerProject(name) {
  const dir = mkdtempSync(join(tmpdir(), `encoding-wasm-${name}-`));
  atExit(() => rmSync(dir, { recursive: true, force: true }));
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const tarball = join(dir, packed[0].filename);
  const pkgDir = join(dir, 'node_modules/encoding-wasm');
  mkdirSync(pkgDir, { recursive: true });
  execFileSync('tar', ['xzf', tarball, '-C', pkgDir, '--strip-components=1']);
  rmSync(tarball);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify(
      {
        name: `${name}-consumer`,
        private: true,
        type: 'module',
        dependencies: { 'encoding-wasm': `file:${join(repoRoot)}` },
      },
      null,
      2,
    ),
  );
  return { dir, pkgDir };
}

/// Writes the runtime-neutral entry (harness + case index + `import * as lib from
/// 'encoding-wasm'`, or with `lite` the lite entry's: cli-lite-entry.mjs; or the entry named by
/// `template`, a file of tests/runtimes/ without .mjs) into a consumer project, for runtimes that
/// resolve node_modules; `specifiers` replaces the package's specifiers (e.g. by paths to a
/// vendored copy) in an entry named `name`.
export function writeCliEntry(
  dir,
  { name = 'main.mjs', specifiers = {}, lite = false, template = lite ? 'cli-lite-entry' : 'cli-entry' } = {},
) {
  writeFileSync(join(dir, 'harness.mjs'), readFileSync(join(repoRoot, 'tests/runtimes/harness.mjs')));
  writeFileSync(
    join(dir, 'cases.mjs'),
    casesIndex((f) => pathToFileURL(join(sharedDir, f)).href),
  );
  let source = readFileSync(join(repoRoot, `tests/runtimes/${template}.mjs`), 'utf8');
  for (const [from, to] of Object.entries(specifiers)) source = source.replaceAll(`'${from}'`, JSON.stringify(to));
  writeFileSync(join(dir, name), source);
  return join(dir, name);
}

/// Resolves `subpath` of a package's `exports` for the given conditions, in order of the map as
/// Node's resolver does (only what this package needs: no patterns).
export function resolveExport(packageJson, subpath, conditions) {
  let target = packageJson.exports;
  if (typeof target === 'string' || Array.isArray(target) || !Object.keys(target).some((k) => k.startsWith('.'))) {
    target = subpath === '.' ? target : undefined;
  } else {
    target = target[subpath];
  }
  const pick = (t) => {
    if (typeof t === 'string') return t;
    if (Array.isArray(t)) return t.map(pick).find(Boolean);
    if (t && typeof t === 'object') {
      for (const [key, value] of Object.entries(t)) {
        if (key === 'default' || conditions.includes(key)) {
          const found = pick(value);
          if (found) return found;
        }
      }
    }
    return undefined;
  };
  const found = pick(target);
  if (!found) throw new Error(`exports has no ${subpath} for conditions ${conditions.join(', ')}`);
  return found;
}

/// A free loopback port (closed again, for a server started right after).
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/// Spawns a child in its own process group (killed at exit and on timeout), forwarding its output
/// line by line (stdout unless `quiet`); resolves to `{ code, lines }` (stdout lines).
export function run(cmd, args, { cwd = repoRoot, env = process.env, timeoutMs = 300_000, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const signal = (name) => {
      try {
        process.kill(-child.pid, name);
      } catch {
        /* gone */
      }
    };
    const kill = () => signal('SIGKILL');
    atExit(kill);
    children.add(child.pid);
    const lines = [];
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop();
      for (const line of parts) {
        lines.push(line);
        if (!quiet) console.log(line);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => process.stderr.write(chunk));
    let timedOut = false;
    // On timeout, SIGTERM first so the child can stop what it started (Playwright's browser).
    const timer = setTimeout(() => {
      timedOut = true;
      signal('SIGTERM');
      setTimeout(kill, 5000).unref();
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ code: 127, lines, error: e });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child.pid);
      if (rest) {
        lines.push(rest);
        if (!quiet) console.log(rest);
      }
      kill();
      stopIfDone();
      resolve({ code: timedOut ? 124 : (code ?? 128), lines, timedOut, signal });
    });
  });
}

// A run's counts from its final `N passed, N failed[, N skipped]` line, with one more failure
// (and the line saying why) if it did not report, ran nothing, or exited uncleanly.
function tally(runtime, { code, lines, timedOut, error }) {
  const last = lines.filter((l) => l.trim()).at(-1) ?? '';
  const match = SUMMARY.exec(last);
  // Without a final line, the cases reported before the runtime stopped still count.
  const count = (prefix) => lines.filter((l) => l.startsWith(prefix)).length;
  const [passed, failed, skipped] = match
    ? [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)]
    : [count('ok '), count('FAIL '), count('skip ')];
  if (match && (failed > 0 || (passed > 0 && code === 0))) return { passed, failed, skipped, problem: null, match };
  const why = timedOut
    ? 'timed out'
    : error
      ? `could not start: ${error.message}`
      : !match
        ? `exited with code ${code} before reporting`
        : passed === 0
          ? 'ran no cases'
          : `exited with code ${code}`;
  return { passed, failed: failed + 1, skipped, problem: `FAIL ${runtime}: ${why}`, match };
}

/// Ends a runner after one run whose output was shown: the runtime's own final line stands if it
/// printed one and exited cleanly; otherwise the failure is reported and counted.
export function finish(runtime, result) {
  const { passed, failed, skipped, problem } = tally(runtime, result);
  if (problem) {
    console.log(problem);
    console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
  process.exit(failed > 0 ? 1 : 0);
}

/// Ends a runner after several quiet runs (`[[prefix, result]]`): their lines, prefixed, then
/// the total.
export function finishAll(runtime, runs) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const [prefix, result] of runs) {
    const { passed, failed, skipped, problem, match } = tally(`${prefix}${runtime}`, result);
    const shown = match ? result.lines.slice(0, result.lines.lastIndexOf(match.input)) : result.lines;
    for (const line of shown) console.log(line.replace(/^(ok|FAIL|skip) /, `$1 ${prefix}`));
    if (problem) console.log(problem);
    total.passed += passed;
    total.failed += failed;
    total.skipped += skipped;
  }
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  process.exit(total.failed > 0 ? 1 : 0);
}
