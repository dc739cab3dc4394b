// Runs the shared cases under `node --jitless`, where V8 exposes no WebAssembly: the package must
// work through its modules compiled to JavaScript (wasm2js), which the entries load instead. In a
// consumer project (the packed package, as npm installs it), one process each for: import
// 'encoding-wasm' (the node entry) and then its polyfill; require('encoding-wasm') (index.cjs) and
// then its polyfill; the lite entry with every add-on (cli-lite-entry.mjs); and the postal-mime
// cases (tests/js/postal-mime-run.mjs) against the packed node entry. Each process first checks
// that WebAssembly really is missing (no-webassembly.mjs, preloaded with --import). V8 interprets
// everything there (about a minute a process), so they run at once, each within the runtime's
// time limit.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { consumerProject, finishAll, repoRoot, resolveExport, run, writeCliEntry } from './lib.mjs';

const { dir, pkgDir } = consumerProject('jitless');
const packageJson = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const nodeEntry = resolveExport(packageJson, '.', ['node', 'import']);
writeFileSync(
  join(dir, 'no-webassembly.mjs'),
  "if (typeof WebAssembly !== 'undefined') throw new Error('WebAssembly exists under node --jitless: nothing here would test the JavaScript build');\n",
);
const jitless = (...args) =>
  run(process.execPath, ['--jitless', '--import', './no-webassembly.mjs', ...args], {
    cwd: dir,
    quiet: true,
    timeoutMs: Number(process.env.RUNTIME_TIME_LIMIT ?? 300) * 1000,
  });
const runs = [
  ['[import] ', [writeCliEntry(dir)]],
  ['[require] ', [writeCliEntry(dir, { name: 'require.mjs', template: 'cli-require-entry' })]],
  ['[lite] ', [writeCliEntry(dir, { name: 'lite.mjs', lite: true })]],
  ['[postal-mime] ', [join(repoRoot, 'tests/js/postal-mime-run.mjs'), join(pkgDir, nodeEntry)]],
];
const results = await Promise.all(runs.map(([, args]) => jitless(...args)));
finishAll(
  'node --jitless',
  runs.map(([prefix], i) => [prefix, results[i]]),
);
