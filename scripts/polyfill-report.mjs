// What `encoding-wasm/polyfill` keeps and replaces in each runtime we test, and why: runs
// scripts/polyfill-probe.mjs (with js/self-tests.mjs, bundled by esbuild) against the real native
// TextDecoder of Node (this one), Deno, Bun, workerd and Chromium, compares each native's output
// over a survey of inputs with the standard's (tests/js/reference/, over the index files), and
// prints Markdown tables for docs/runtimes.md ("Polyfill").
//
//   node scripts/polyfill-report.mjs [node|deno|bun|workerd|chromium ...]
//
// The survey: every byte alone in every encoding; every pair of bytes from 0x80 0x00 to 0xFF 0xFF
// in each multi-byte encoding (and UTF-8 from 0xC0); EUC-JP's JIS X 0212 triples; gb18030's and
// GBK's four-byte sequences at each end of every range of index gb18030 ranges, at the limits of
// the pointers, and every 97th pointer; ISO-2022-JP's JIS X 0208 pairs and its Roman and katakana
// states; UTF-16 code unit pairs around the surrogates.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { ReferenceTextDecoder } from '../tests/js/reference/text-decoder.mjs';
import { index } from '../tests/js/reference/indexes.mjs';
import { POLYFILL_TESTS } from '../js/polyfill-checks.mjs';
import { atExit, bin, freePort, repoRoot, run } from '../tests/runtimes/lib.mjs';

const RUNTIMES = ['node', 'deno', 'bun', 'workerd', 'chromium'];
const chosen = process.argv.length > 2 ? process.argv.slice(2) : RUNTIMES;
const unknown = chosen.filter((r) => !RUNTIMES.includes(r));
if (unknown.length) throw new RangeError(`unknown runtime ${unknown.join(', ')}; choose from ${RUNTIMES.join(', ')}`);
const timeoutMs = 300_000;

const GROUPS = JSON.parse(readFileSync(join(repoRoot, 'indexes/encodings.json'), 'utf8'));
const ENCODINGS = GROUPS.flatMap((g) => g.encodings.map(({ name, labels }) => ({ name, labels })));

// The survey: [{label, width, hex}] and, for each set, the standard's output for every input.
const hex2 = (b) => b.toString(16).toUpperCase().padStart(2, '0');
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
function set(label, prefix, ...axes) {
  let inputs = [prefix];
  for (const axis of axes) inputs = inputs.flatMap((p) => axis.map((b) => p + hex2(b)));
  return { label, width: inputs[0].length / 2, hex: inputs.join('') };
}
// https://encoding.spec.whatwg.org/#gb18030-decoder: a four-byte pointer's bytes.
function gb18030Bytes(pointer) {
  const b1 = Math.floor(pointer / 12600);
  const b2 = Math.floor((pointer % 12600) / 1260);
  const b3 = Math.floor((pointer % 1260) / 10);
  return hex2(b1 + 0x81) + hex2(b2 + 0x30) + hex2(b3 + 0x81) + hex2((pointer % 10) + 0x30);
}
const gbPointers = [
  ...new Set([
    ...index('gb18030-ranges').flatMap(([p]) => [p - 1, p]),
    ...range(0, Math.floor(39420 / 97)).map((i) => i * 97),
    ...[7457, 39418, 39419, 39420, 189000 - 1, 189000, 189001, 1237575, 1237576, 1237577],
    ...range(0, 100).map((i) => 189000 + i * 10480),
  ]),
]
  .filter((p) => p >= 0 && p < 126 * 12600)
  .sort((a, b) => a - b);
const MULTI_BYTE = ['gbk', 'gb18030', 'big5', 'euc-jp', 'shift_jis', 'euc-kr'];
const units = [0x0041, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xfeff, 0xfffe].map((u) => [u >> 8, u & 0xff]);
const SURVEY = [
  ...ENCODINGS.filter(({ name }) => name !== 'replacement').map(({ name }) =>
    set(name.toLowerCase(), '', range(0, 255)),
  ),
  ...MULTI_BYTE.map((label) => set(label, '', range(0x80, 0xff), range(0, 0xff))),
  set('euc-jp', '8F', range(0xa1, 0xfe), range(0xa1, 0xfe)),
  ...['gb18030', 'gbk'].map((label) => ({ label, width: 4, hex: gbPointers.map(gb18030Bytes).join('') })),
  set('iso-2022-jp', '1B2442', range(0x21, 0x7e), range(0x21, 0x7e)),
  set('iso-2022-jp', '1B284A', range(0, 0xff)),
  set('iso-2022-jp', '1B2849', range(0, 0xff)),
  set('utf-8', '', range(0xc0, 0xff), range(0, 0xff)),
  set('utf-8', '', range(0xe0, 0xf4), range(0, 0xff), [0x80]),
  set('utf-8', '', range(0xf0, 0xf4), range(0x80, 0xbf), [0x80], range(0, 0xff)),
  ...['utf-16le', 'utf-16be'].map((label) => {
    const le = label === 'utf-16le';
    const unit = ([hi, lo]) => (le ? [lo, hi] : [hi, lo]);
    const pairs = units.flatMap((a) => units.map((b) => [...unit(a), ...unit(b)].map(hex2).join('')));
    return { label, width: 4, hex: pairs.join('') };
  }),
];
const inputsOf = ({ width, hex }) =>
  Array.from({ length: hex.length / (2 * width) }, (_, i) => hex.substr(2 * width * i, 2 * width));
const bytesOf = (h) => Array.from({ length: h.length / 2 }, (_, i) => Number.parseInt(h.substr(2 * i, 2), 16));
const expected = SURVEY.map((s) => {
  const decoder = new ReferenceTextDecoder(s.label);
  return inputsOf(s).map((h) => decoder.decode(bytesOf(h)));
});

// The probe bundled for a runtime: `wrap` says what to do with `probe(E, S)`'s JSON; `survey`
// empty for the timing runs.
async function bundle(wrap, format = 'esm', survey = SURVEY) {
  const args = `${JSON.stringify(ENCODINGS)}, ${JSON.stringify(survey)}`;
  const result = await build({
    stdin: {
      contents: `import { probe } from './polyfill-probe.mjs';\n${wrap(`probe(${args})`)}\n`,
      resolveDir: join(repoRoot, 'scripts'),
      sourcefile: 'probe-entry.mjs',
    },
    bundle: true,
    format,
    platform: 'neutral',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

const dir = mkdtempSync(join(tmpdir(), 'encoding-wasm-polyfill-report-'));
atExit(() => rmSync(dir, { recursive: true, force: true }));

// The check's cost at import: the median of TIMING_RUNS fresh runs of `once(survey)`, which gives
// the probe's result (without the survey where `survey` is empty).
const TIMING_RUNS = 7;
async function timed(once) {
  const result = await once(SURVEY);
  const ms = [];
  for (let i = 0; i < TIMING_RUNS; i++) ms.push((await once([])).decisionMs);
  ms.sort((a, b) => a - b);
  result.decisionMs = ms[TIMING_RUNS >> 1];
  return result;
}

// Each runtime: its version and the probe's result (parsed).
async function inProcess(name, cmd, args, version) {
  const file = join(dir, `${name}.mjs`);
  const once = async (survey) => {
    writeFileSync(file, await bundle((call) => `console.log(${call});`, 'esm', survey));
    const { code, lines } = await run(cmd, [...args, file], { cwd: dir, quiet: true, timeoutMs });
    if (code !== 0) throw new Error(`${name} exited with ${code}`);
    return JSON.parse(lines.at(-1));
  };
  return { version, result: await timed(once) };
}

async function workerd() {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'node_modules/workerd/package.json'), 'utf8'));
  const date = pkg.version.split('.')[1].replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3');
  writeFileSync(
    join(dir, 'worker.mjs'),
    await bundle((call) => `export default { fetch() { return new Response(${call}); } };`),
  );
  const port = await freePort();
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = (modules = [(name = "worker.mjs", esModule = embed "worker.mjs")], compatibilityDate = "${date}"))],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
`,
  );
  const server = run(bin('workerd'), ['serve', join(dir, 'config.capnp')], { cwd: dir, timeoutMs, quiet: true });
  let exited = false;
  server.then(() => {
    exited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (!exited && Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      // workerd stops its clocks while a request runs (Spectre mitigation): no timing there.
      const result = JSON.parse(await response.text());
      result.decisionMs = null;
      return { version: `workerd ${pkg.version}`, result };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error('workerd did not answer');
}

async function inChromium() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    headless: true,
  });
  try {
    // Each run in a page of its own (a new context: nothing shared with the last).
    const once = async (survey) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('about:blank');
      await page.evaluate(await bundle((call) => `globalThis.__probe = ${call};`, 'iife', survey));
      const result = JSON.parse(await page.evaluate(() => globalThis.__probe));
      await context.close();
      return result;
    };
    return { version: `Chromium ${browser.version()}`, result: await timed(once) };
  } finally {
    await browser.close();
  }
}

const DRIVERS = {
  node: () => inProcess('node', process.execPath, [], `Node ${process.version}`),
  deno: async () => {
    const { lines } = await run(bin('deno'), ['--version'], { quiet: true });
    return inProcess('deno', bin('deno'), ['run', '--no-prompt', '--no-lock'], lines[0].split(' (')[0]);
  },
  bun: async () => {
    const { lines } = await run(bin('bun'), ['--version'], { quiet: true });
    return inProcess('bun', bin('bun'), ['run'], `Bun ${lines[0]}`);
  },
  workerd,
  chromium: inChromium,
};

// The comparison with the standard: by survey label, [differing, total, examples].
function compare(result) {
  const byLabel = new Map();
  SURVEY.forEach((s, i) => {
    const inputs = inputsOf(s);
    const entry = byLabel.get(s.label) ?? { differ: 0, total: 0, examples: [] };
    inputs.forEach((h, j) => {
      const got = result.outputs[i][j];
      entry.total++;
      if (got !== expected[i][j]) {
        entry.differ++;
        if (entry.examples.length < 3) entry.examples.push([h, got, expected[i][j]]);
      }
    });
    byLabel.set(s.label, entry);
  });
  return byLabel;
}

const codePoints = (s) =>
  s === null
    ? 'unsupported'
    : Array.from(s, (c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`).join(' ') ||
      '(nothing)';
const spaced = (h) => h.match(/../g).join(' ');
const n = (x) => x.toLocaleString('en-US');

const reports = [];
for (const name of chosen) {
  console.error(`probing ${name}…`);
  const r = await DRIVERS[name]();
  reports.push({ name, ...r, survey: compare(r.result) });
}

// Per runtime: what the polyfill does and why.
const SINGLE_BYTE = new Set(
  GROUPS.find((g) => g.heading === 'Legacy single-byte encodings').encodings.map((e) => e.name),
);
console.log(
  `| Runtime | \`TextDecoder\` | \`TextDecoderStream\` | \`TextEncoder\`, \`TextEncoderStream\` | Why | Check at import (median of ${TIMING_RUNS}) |`,
);
console.log('| --- | --- | --- | --- | --- | ---: |');
for (const { version, result } of reports) {
  const failing = Object.keys(result.failures);
  const why = [];
  if (result.labels.length) why.push(`labels wrong: ${result.labels.join(', ')}`);
  if (failing.length) why.push(`self-tests failed: ${failing.join(', ')}`);
  const decoder = result.exact ? 'kept' : 'replaced';
  const stream = !result.classes.TextDecoderStream ? 'installed' : result.streamExact ? 'kept' : 'replaced';
  const encoders = ['TextEncoder', 'TextEncoderStream'].every((c) => result.classes[c])
    ? 'kept'
    : 'installed where missing';
  // Where ours replaces the native, it still hands these to it where they pass (natives.mjs).
  const handed = [...SINGLE_BYTE, 'UTF-8', 'UTF-16LE'].filter((e) => !result.failures[e]);
  const delegated = result.exact ? '' : `; ours hands ${handed.join(', ')} to the native`;
  const ms = result.decisionMs === null ? 'n/a' : `${result.decisionMs.toFixed(1)} ms`;
  console.log(
    `| ${version} | ${decoder} | ${stream} | ${encoders} | ${why.join('; ') || 'exact'}${delegated} | ${ms} |`,
  );
}

// Per encoding: self-tests failed and survey inputs that differ, by runtime.
console.log(`\n| Encoding | ${reports.map((r) => r.version).join(' | ')} |`);
console.log(`| --- |${reports.map(() => ' --- |').join('')}`);
for (const { name, labels } of ENCODINGS) {
  if (name === 'replacement') continue;
  const cells = reports.map(({ result, survey }) => {
    const tests = POLYFILL_TESTS.get(name).length;
    const failed = result.failures[name]?.length ?? 0;
    const s = survey.get(name.toLowerCase());
    const badLabels = labels.filter((l) => result.labels.includes(l)).length;
    if (failed === 0 && s.differ === 0 && badLabels === 0) return '✓';
    const parts = [];
    if (badLabels) parts.push(`${badLabels} of ${labels.length} labels`);
    parts.push(`${failed} of ${tests} tests`);
    parts.push(`${n(s.differ)} of ${n(s.total)} inputs`);
    return `✗ ${parts.join(', ')}`;
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}

// Examples, and any divergence the self-tests miss (a gap to close in js/self-tests.mjs).
for (const { version, result, survey } of reports) {
  console.log(`\n${version}:`);
  for (const [label, { differ, examples }] of survey) {
    if (differ === 0) continue;
    const name = ENCODINGS.find((e) => e.name.toLowerCase() === label).name;
    const missed = !result.failures[name];
    const shown = examples.map(([h, got, want]) => `${spaced(h)} gives ${codePoints(got)}, not ${codePoints(want)}`);
    console.log(`- ${name}${missed ? ' (NOT CAUGHT BY THE SELF-TESTS)' : ''}: ${shown.join('; ')}`);
  }
  for (const [name, cases] of Object.entries(result.failures)) console.log(`- ${name} fails: ${cases.join(', ')}`);
}
// (The workerd server, still running, is stopped at exit.)
process.exit(0);
