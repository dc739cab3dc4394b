// npm run mutants [-- --rust | --js [--sample N [--seed S]]] [FILE…]: mutation testing, not part
// of npm test (hours: see mutants/README.md). cargo-mutants over the Rust core
// (.cargo/mutants.toml), StrykerJS over js/ (mutants/stryker.config.mjs); FILEs under src/ or js/
// limit each tool to those files. `--sample N` runs Stryker on N of its mutants drawn at random
// (seed S, default 1) and estimates the score (mutants/sample.mjs). Reports in mutants/out/
// (cargo-mutants' mutants.out/, Stryker's stryker.json); the survivors, killed or explained, are
// kept in mutants/README.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
// The value after `--name`, as a positive integer, or `fallback` when the option is absent.
function count(name, fallback) {
  const i = args.indexOf(name);
  if (i === -1) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} needs a whole number`);
  args.splice(i, 2);
  return value;
}
const sampleSize = count('--sample', undefined);
const seed = count('--seed', 1);
if (args.includes('--estimate')) {
  await estimate();
  process.exit(0);
}
const files = args.filter((a) => !a.startsWith('--'));
const rust = !args.includes('--js') && sampleSize === undefined;
const js = !args.includes('--rust');
const run = (cmd, argv) => execFileSync(cmd, argv, { cwd: root, stdio: 'inherit' });
const out = join(root, 'mutants', 'out');

// The tests that reach an encoding's own file: the family's integration test, the differential
// and property suites' modules of its encodings, and the suites that go through every encoding
// (the unit tests, saved_state, text_decoder, registry). Every other encoding's modules are
// skipped: a run of one of these files costs 5-10 s a mutant rather than 45 s.
const encodingFiles = {
  'src/misc/utf16.rs': { modules: ['utf_16be', 'utf_16le'] },
  'src/utf8.rs': { modules: ['utf_8'] },
  'src/korean.rs': { modules: ['euc_kr'], test: 'korean' },
  'src/japanese/euc_jp.rs': { modules: ['euc_jp'], test: 'japanese' },
  'src/japanese/shift_jis.rs': { modules: ['shift_jis'], test: 'japanese' },
  'src/japanese/iso_2022_jp.rs': { modules: ['iso_2022_jp'], test: 'japanese' },
  'src/japanese/mod.rs': { modules: ['euc_jp', 'iso_2022_jp', 'shift_jis'], test: 'japanese' },
  'src/chinese_simplified.rs': { modules: ['gbk', 'gb18030'], test: 'chinese' },
  'src/chinese_traditional.rs': { modules: ['big5'], test: 'chinese' },
};

// cargo-mutants' trailing cargo test arguments when every file is one of encodingFiles. Other
// files (the shared plumbing every encoding goes through) get a quick first pass: every suite but
// the exhaustive sweeps (every byte pair, every scalar value, every four-byte sequence), which
// take most of the 45 s. What that pass misses is then run against the whole suite.
const sweeps = ['_every_four_byte_sequence', 'every_byte_and_byte_pair', 'every_scalar_value'];
function testSelection(rustFiles) {
  // The detector (src/detect/, the `detect` feature) is reached by its own unit tests alone.
  const detector = rustFiles.filter((f) => f.startsWith('src/detect/')).length;
  if (detector > 0 && detector < rustFiles.length) throw new Error('run src/detect/ on its own');
  if (detector > 0) return ['--features', 'detect', '--', '--lib', '--', 'detect::'];
  const tests = ['differential', 'properties', 'saved_state', 'text_decoder', 'registry'];
  const picked = rustFiles.map((f) => encodingFiles[f]);
  if (picked.length === 0 || picked.some((p) => p === undefined)) {
    const families = ['korean', 'japanese', 'chinese'];
    const skip = sweeps.flatMap((s) => ['--skip', s]);
    return ['--', '--lib', ...[...tests, ...families].flatMap((t) => ['--test', t]), '--', ...skip];
  }
  const keep = new Set(picked.flatMap((p) => p.modules));
  const common = readFileSync(join(root, 'tests', 'common', 'mod.rs'), 'utf8');
  const macro = common.slice(common.indexOf('macro_rules! for_each_encoding'));
  const modules = [...macro.matchAll(/^ {12}(\w+): \w+;$/gm)].map((m) => m[1]);
  const skip = modules.filter((m) => !keep.has(m)).flatMap((m) => ['--skip', `${m}::`]);
  if (!keep.has('gbk')) skip.push('--skip', sweeps[0]);
  for (const p of picked) if (p.test && !tests.includes(p.test)) tests.push(p.test);
  return ['--', '--lib', ...tests.flatMap((t) => ['--test', t]), '--', ...skip];
}

if (rust) {
  try {
    run('cargo', ['mutants', '--version']);
  } catch {
    run('cargo', ['install', 'cargo-mutants', '--version', '27.1.0']);
  }
  const rustFiles = files.filter((f) => f.startsWith('src/'));
  if (rustFiles.length > 0) cargoMutants(rustFiles, out, []);
  else {
    // The detector needs its feature: a run of its own, into mutants/out/detect/.
    cargoMutants([], out, ['--exclude', 'src/detect/**']);
    cargoMutants(['src/detect/**'], join(out, 'detect'), []);
  }
}

// cargo-mutants over `rustFiles` (every file when none), with the tests that reach them, into
// `output`; `extra` are more of its options.
function cargoMutants(rustFiles, output, extra) {
  const only = [...rustFiles.flatMap((f) => ['--file', f]), ...extra];
  // Exit code 2 means mutants survived, 3 that some timed out (caught): the summary says which.
  const mutants = (dir, argv) => {
    try {
      run('cargo', ['mutants', '--no-shuffle', '--output', dir, ...only, ...argv]);
    } catch (e) {
      if (e.status !== 2 && e.status !== 3) throw e;
    }
  };
  const listOf = (dir, kind) =>
    readFileSync(join(dir, 'mutants.out', `${kind}.txt`), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean);
  const selection = testSelection(rustFiles);
  mutants(output, selection);
  // A quick pass's survivors, each against the whole suite (the sweeps, tests/partial_features.rs),
  // into whole/: its timeouts are caught already.
  const missed = listOf(output, 'missed');
  if (selection.includes(sweeps[1]) && missed.length > 0) {
    const exactly = missed.flatMap((name) => ['--re', `^${name.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}$`]);
    mutants(join(output, 'whole'), exactly);
    console.log(`cargo-mutants, the quick pass's ${missed.length} survivors against the whole suite:`);
    for (const line of listOf(join(output, 'whole'), 'missed')) console.log(`  missed: ${line}`);
  }
  for (const kind of ['missed', 'timeout', 'unviable', 'caught']) {
    const list = listOf(output, kind);
    console.log(`cargo-mutants: ${list.length} ${kind}`);
    if (kind === 'missed') for (const line of list) console.log(`  ${line}`);
  }
}

if (js) {
  // The sandbox's build reuses the wasm modules in pkg/ (build.mjs --js).
  if (!existsSync(join(root, 'pkg', 'encoding_wasm_bg.wasm2js.mjs'))) run('npm', ['run', 'build']);
  const only = files.filter((f) => f.startsWith('js/'));
  const mutate = only.length > 0 ? ['--mutate', only.join(',')] : [];
  const sampling = sampleSize === undefined ? [] : await drawSample(only);
  run(process.execPath, [
    join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'),
    'run',
    'mutants/stryker.config.mjs',
    ...mutate,
    ...sampling,
  ]);
  if (sampleSize !== undefined) await estimate();
}

// Draws the sample into mutants/out/sample.json and gives Stryker's arguments that make it test
// only those mutants, in that order, and write each result as it comes (mutants/sample-plugins.mjs).
async function drawSample(only) {
  const { listMutants, mutatedFiles, pick, sampleFile } = await import('../mutants/sample.mjs');
  const config = (await import('../mutants/stryker.config.mjs')).default;
  const population = await listMutants(only.length > 0 ? only : mutatedFiles(config.mutate));
  const sample = pick(population, sampleSize, seed);
  mkdirSync(dirname(sampleFile), { recursive: true });
  writeFileSync(sampleFile, JSON.stringify({ seed, population: population.length, sample }));
  console.log(`Stryker: ${sample.length} of ${population.length} mutants, seed ${seed}`);
  const plugins = join(root, 'mutants', 'sample-plugins.mjs');
  const reporters = [...config.reporters, 'sample'].join(',');
  return ['--checkers', 'sample', '--reporters', reporters, '--appendPlugins', plugins];
}

// The sample's counts, its estimated score with a 95 % Wilson interval, and its survivors, from
// the results written so far (a run stopped early holds the sample's first mutants): also
// `node scripts/mutants.mjs --estimate`.
async function estimate() {
  const { resultsFile, sampleFile, wilson } = await import('../mutants/sample.mjs');
  const { sample, population, seed } = JSON.parse(readFileSync(sampleFile, 'utf8'));
  const lines = readFileSync(resultsFile, 'utf8').trim().split('\n').filter(Boolean);
  const done = new Map(lines.map((l) => JSON.parse(l)).map((r) => [r.key, r]));
  // Once checked, Stryker hands the checker's process to a second test runner, so results may come
  // a little out of the sample's order: keep its longest prefix that is wholly tested.
  const prefix = sample.findIndex((key) => !done.has(key));
  const results = sample.slice(0, prefix === -1 ? sample.length : prefix).map((k) => done.get(k));
  const by = {};
  for (const r of results) by[r.status] = [...(by[r.status] ?? []), r];
  const n = (status) => by[status]?.length ?? 0;
  const detected = n('Killed') + n('Timeout');
  const valid = detected + n('Survived') + n('NoCoverage');
  const [low, high] = wilson(detected, valid);
  const pct = (x) => `${(100 * x).toFixed(1)} %`;
  const times = [...done.values()].map((r) => r.at).sort((a, b) => a - b);
  const mean = (times.at(-1) - times[0]) / 1000 / (times.length - 1);
  console.log(`${results.length} of the ${sample.length} sampled (of ${population}, seed ${seed}):`);
  for (const [status, list] of Object.entries(by)) console.log(`  ${status}: ${list.length}`);
  console.log(`Estimated score ${pct(detected / valid)}, 95 % Wilson interval ${pct(low)}–${pct(high)}`);
  console.log(`Mean time between results (after the first): ${mean.toFixed(1)} s`);
  // A timeout counts as caught (the mutant made a test loop), but on a loaded machine a survivor's
  // whole chain can outlast Stryker's limit too: check each by hand.
  for (const r of [...(by.Survived ?? []), ...(by.NoCoverage ?? []), ...(by.Timeout ?? [])]) {
    console.log(`  ${r.status}: ${r.key}`);
  }
}
