// npm run test:js [-- FILE…]: builds pkg/ if it is missing or older than anything it is built from,
// then runs the node --test suite in tests/js/ (or the given test files).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// What `npm run build` reads: the JS sources, the crate (with build.rs's index files) and the build
// script itself.
const SOURCES = [
  'js',
  'src',
  'indexes',
  'build.rs',
  'Cargo.toml',
  'Cargo.lock',
  'scripts/build.mjs',
  'scripts/wasm-stub.mjs',
];

/** The modification times (ms) of `path`, or of every file under it. */
function mtimes(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return [stat.mtimeMs];
  return readdirSync(path).flatMap((name) => mtimes(join(path, name)));
}

// The build deletes pkg/ and writes every file in it anew, so its oldest file dates the build.
function stale() {
  if (!existsSync(join(root, 'pkg', 'index.node.mjs'))) return 'pkg/ is missing';
  const built = Math.min(...mtimes(join(root, 'pkg')));
  const newer = SOURCES.filter((source) => existsSync(join(root, source))).find((source) =>
    mtimes(join(root, source)).some((time) => time > built),
  );
  return newer === undefined ? null : `${newer} is newer than pkg/`;
}

const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
const why = stale();
if (why !== null) {
  console.log(`test:js: ${why}; building it`);
  run('npm', ['run', 'build']);
}
const files = process.argv.slice(2);
try {
  run(process.execPath, ['--test', ...(files.length > 0 ? files : ['tests/js/'])]);
} catch {
  process.exit(1);
}
