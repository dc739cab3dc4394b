// npm run mutants [-- --rust | --js] [FILE…]: mutation testing, not part of npm test (hours: see
// mutants/README.md). cargo-mutants over the Rust core (.cargo/mutants.toml), StrykerJS over js/
// (mutants/stryker.config.mjs); FILEs under src/ or js/ limit each tool to those files. Reports in
// mutants/out/ (cargo-mutants' mutants.out/, Stryker's stryker.json); the survivors, killed or
// explained, are kept in mutants/README.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('--'));
const rust = !args.includes('--js');
const js = !args.includes('--rust');
const run = (cmd, argv) => execFileSync(cmd, argv, { cwd: root, stdio: 'inherit' });
const out = join(root, 'mutants', 'out');

if (rust) {
  const only = files.filter((f) => f.startsWith('src/')).flatMap((f) => ['--file', f]);
  try {
    run('cargo', ['mutants', '--version']);
  } catch {
    run('cargo', ['install', 'cargo-mutants', '--version', '27.1.0']);
  }
  // Exit code 2 means mutants survived: the summary below says which.
  try {
    run('cargo', ['mutants', '--no-shuffle', '--output', out, ...only]);
  } catch (e) {
    if (e.status !== 2) throw e;
  }
  for (const kind of ['missed', 'timeout', 'unviable', 'caught']) {
    const list = readFileSync(join(out, 'mutants.out', `${kind}.txt`), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean);
    console.log(`cargo-mutants: ${list.length} ${kind}`);
    if (kind === 'missed') for (const line of list) console.log(`  ${line}`);
  }
}

if (js) {
  // The sandbox's build reuses the wasm modules in pkg/ (build.mjs --js).
  if (!existsSync(join(root, 'pkg', 'encoding_wasm_bg.wasm2js.mjs'))) run('npm', ['run', 'build']);
  const only = files.filter((f) => f.startsWith('js/'));
  const mutate = only.length > 0 ? ['--mutate', only.join(',')] : [];
  run(process.execPath, [
    join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'),
    'run',
    'mutants/stryker.config.mjs',
    ...mutate,
  ]);
}
