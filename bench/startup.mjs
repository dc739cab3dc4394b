// Start-up as a process feels it (issue 11, item 4): `node` + import + a first decode of 1 KiB of
// Shift_JIS, each run in a fresh process and timed from outside, against a bare `node` that does
// everything else the same (reads the input files, prints its report) but imports and decodes
// nothing. Per variant: wall time around the whole process (median and fastest), peak memory
// (maximum resident set size, from /usr/bin/time -f %M where it exists, else the child's own
// process.resourceUsage().maxRSS at exit), and, inside the child, the time from just before the
// dynamic import() to just after the first decode returns; and the time the process still takes
// after its last clock reading (the parent's wall time minus the child's performance.now() when
// it reports, measured from its own start: spawning and, mostly, exiting). Runs are interleaved
// (one run of every variant per round, the order rotating every round) so that the machine's
// noise spreads evenly.
//
//   npm run bench:startup
//   node bench/startup.mjs --runs 20 --only encoding-wasm,@exodus/bytes
// `bare` is always run: the other rows are reported against it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import iconv from 'iconv-lite';

const root = fileURLToPath(new URL('..', import.meta.url));

// The variants. `load`: what the child imports, in order (a path relative to the repository, or a
// package specifier resolved from here), or with `require`, requires; `decode`: an expression
// decoding `bytes` (a Uint8Array) with `lib`, the array of the imported namespaces; `optional`:
// skipped, with a note, when one of the `load` paths does not exist (entries not built yet).
const VARIANTS = [
  { name: 'bare', load: [], decode: null },
  { name: 'node-icu', load: [], decode: `new TextDecoder('shift_jis').decode(bytes)` },
  { name: 'encoding-wasm', load: ['pkg/index.node.mjs'], decode: `new lib[0].TextDecoder('shift_jis').decode(bytes)` },
  {
    name: 'encoding-wasm-require',
    load: ['pkg/index.cjs'],
    require: true,
    decode: `new lib[0].TextDecoder('shift_jis').decode(bytes)`,
  },
  {
    name: 'encoding-wasm-lite+japanese',
    load: ['pkg/lite.node.mjs', 'pkg/japanese.node.mjs'],
    decode: `new lib[0].TextDecoder('shift_jis').decode(bytes)`,
    optional: true,
  },
  // The polyfill judges Node's TextDecoder at import (its self-tests: Node's fails them), then the
  // global is this package's; 'always' installs it without judging.
  {
    name: 'encoding-wasm/polyfill',
    load: ['pkg/polyfill.node.mjs'],
    decode: `new globalThis.TextDecoder('shift_jis').decode(bytes)`,
  },
  {
    name: 'encoding-wasm/polyfill/always',
    load: ['pkg/polyfill-always.node.mjs'],
    decode: `new globalThis.TextDecoder('shift_jis').decode(bytes)`,
  },
  {
    name: '@exodus/bytes',
    load: ['@exodus/bytes/encoding.js'],
    decode: `new lib[0].TextDecoder('shift_jis').decode(bytes)`,
  },
];

function option(name) {
  const i = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const arg = process.argv[i];
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : process.argv[i + 1];
}
const runs = Number(option('runs') ?? 20);
if (!Number.isInteger(runs) || runs < 1) {
  throw new RangeError(`--runs must be a positive integer, got ${option('runs')}`);
}
const only = option('only')?.split(',').filter(Boolean);
const unknown = only?.filter((n) => !VARIANTS.some((v) => v.name === n));
if (unknown?.length) throw new RangeError(`--only: no variant named ${unknown.join(', ')}`);

// A package specifier, or a path inside the repository, as a file: URL the child can import.
function resolve(spec) {
  if (spec.startsWith('pkg/') || spec.startsWith('./')) {
    const path = join(root, spec);
    return existsSync(path) ? pathToFileURL(path).href : null;
  }
  return import.meta.resolve(spec);
}

// 1 KiB of Japanese prose in Shift_JIS (iconv-lite's encoder, so not the code under test), cut at
// a character boundary; the child checks its decode against the text.
const PROSE =
  '文字コードとは、文字をコンピュータで扱うために、一つ一つの文字に番号を割り当てる決まりのことです。' +
  '日本語の文書では、Shift_JIS、EUC-JP、ISO-2022-JPなどが長く使われてきました。' +
  'ウェブの標準では、どのブラウザでも同じ結果になるように、復号の手順が細かく定められています。' +
  '例えば「ｶﾀｶﾅ」のような半角カナや、①②③のような機種依存文字も、表に従って変換されます。' +
  '古いメールや掲示板の記録を正しく読むには、これらの符号化を正確に扱う必要があります。\n';
function shiftJisSample(size) {
  let text = '';
  for (const ch of PROSE.repeat(Math.ceil((size * 2) / PROSE.length))) {
    if (iconv.encode(text + ch, 'shift_jis').length > size) break;
    text += ch;
  }
  const bytes = iconv.encode(text, 'shift_jis');
  if (iconv.decode(bytes, 'shift_jis') !== text) throw new Error('iconv-lite does not round-trip the sample');
  return { text, bytes };
}

// The child: read the input and the expected text (every variant, bare too), then time import →
// first decode, and report that, whether the decode was right, and its own peak memory.
function childScript(variant, binPath, txtPath) {
  const urls = variant.load.map(resolve);
  const imports = urls
    .map((u) =>
      variant.require ? `require(${JSON.stringify(fileURLToPath(u))})` : `await import(${JSON.stringify(u)})`,
    )
    .join(', ');
  return `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const bytes = new Uint8Array(readFileSync(${JSON.stringify(binPath)}));
const expected = readFileSync(${JSON.stringify(txtPath)}, 'utf8');
const t0 = performance.now();
const lib = [${imports}];
const text = ${variant.decode ?? 'null'};
const ms = performance.now() - t0;
const ok = ${variant.decode ? 'text === expected' : 'lib.length === 0 && expected.length > 0 && bytes.length > 0'};
console.log(JSON.stringify({ ms, ok, maxRSS: process.resourceUsage().maxRSS, at: performance.now() }));
`;
}

const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

// One run: wall time (ms) around the process, peak RSS (KiB), the child's import → decode (ms), and
// the wall time left after the child's report (ms).
function runOnce(scriptPath) {
  const [cmd, args] = timeBin
    ? [timeBin, ['-f', '%M', process.execPath, scriptPath]]
    : [process.execPath, [scriptPath]];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${scriptPath} failed (${r.status ?? r.signal}):\n${r.stderr}`);
  const report = JSON.parse(r.stdout);
  if (!report.ok) throw new Error(`${scriptPath}: the decode does not match the expected text`);
  const rss = timeBin ? Number(r.stderr.trim().split('\n').at(-1)) : report.maxRSS;
  if (!(rss > 0)) throw new Error(`${scriptPath}: no peak memory in ${JSON.stringify(r.stderr)}`);
  return { wall, rss, ms: report.ms, after: wall - report.at };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const dir = mkdtempSync(join(tmpdir(), 'encoding-wasm-startup-'));
try {
  const sample = shiftJisSample(1024);
  const binPath = join(dir, 'input.sjis');
  const txtPath = join(dir, 'expected.txt');
  writeFileSync(binPath, sample.bytes);
  writeFileSync(txtPath, sample.text);

  const variants = [];
  for (const v of VARIANTS) {
    if (only && v.name !== 'bare' && !only.includes(v.name)) continue;
    const missing = v.load.filter((spec) => !resolve(spec));
    if (missing.length) {
      if (!v.optional) throw new Error(`${v.name}: ${missing.join(', ')} not found (npm run build?)`);
      console.log(`> ${v.name}: skipped, ${missing.join(', ')} not built`);
      continue;
    }
    const script = join(dir, `${variants.length}.mjs`);
    writeFileSync(script, childScript(v, binPath, txtPath));
    variants.push({ ...v, script, samples: [] });
  }

  const load0 = loadavg()[0];
  for (const v of variants) runOnce(v.script); // warm-up: file cache, checks; not counted
  for (let round = 0; round < runs; round++) {
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(round + k) % variants.length];
      v.samples.push(runOnce(v.script));
    }
  }
  const load1 = loadavg()[0];

  const stats = variants.map((v) => ({
    name: v.name,
    timed: v.decode !== null,
    wall: median(v.samples.map((s) => s.wall)),
    wallMin: Math.min(...v.samples.map((s) => s.wall)),
    rss: median(v.samples.map((s) => s.rss)) / 1024,
    ms: median(v.samples.map((s) => s.ms)),
    after: median(v.samples.map((s) => s.after)),
  }));
  const bare = stats.find((s) => s.name === 'bare');
  const plus = (x, digits) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;

  console.log(
    `\nStart-up: node ${process.version}, ${sample.bytes.length} B of Shift_JIS, median of ${runs} runs per variant ` +
      `(interleaved), peak RSS from ${timeBin ? `${timeBin} -f %M` : 'process.resourceUsage().maxRSS'}; ` +
      `load average ${load0.toFixed(2)} before, ${load1.toFixed(2)} after.\n`,
  );
  console.log(
    '| variant | wall median (ms) | wall min (ms) | +vs bare | peak RSS median (MiB) | +vs bare | import→first decode median (ms) | after the report median (ms) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const s of stats) {
    const isBare = s === bare;
    console.log(
      `| ${s.name} | ${s.wall.toFixed(1)} | ${s.wallMin.toFixed(1)} | ${isBare ? '' : plus(s.wall - bare.wall, 1)} | ` +
        `${s.rss.toFixed(1)} | ${isBare ? '' : plus(s.rss - bare.rss, 1)} | ${s.timed ? s.ms.toFixed(1) : ''} | ${s.after.toFixed(1)} |`,
    );
  }
  console.log('\nTargets (issue 11): ≤ +20 ms and ≤ +8 MiB against bare; import→first decode ≤ 10 ms.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
