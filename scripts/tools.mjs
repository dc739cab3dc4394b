// The Rust tools the build and the tests need, installed where missing: the wasm32 target and
// wasm-bindgen-cli at the version of Cargo.lock's wasm-bindgen (its `wasm-bindgen` for the build,
// its `wasm-bindgen-test-runner` for tests/wasm.rs). No npm package is needed, so that
// scripts/setup.sh can run this (`node scripts/tools.mjs`) while it installs the rest;
// scripts/build.mjs runs it too.

import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function run(cmd, args, capture = false, env = {}) {
  if (!capture) console.log(`> ${cmd} ${args.join(' ')}`);
  return execFileSync(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: capture ? ['ignore', 'pipe', 'ignore'] : 'inherit',
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
}

// The version of wasm-bindgen that Cargo.lock pins, from `cargo metadata` (or from the metadata
// given).
export function wasmBindgenVersion(metadata) {
  const { packages } = metadata ?? JSON.parse(run('cargo', ['metadata', '--format-version', '1', '--locked'], true));
  const version = packages.find((p) => p.name === 'wasm-bindgen')?.version;
  if (version === undefined) throw new Error('tools: wasm-bindgen is not in Cargo.lock');
  return version;
}

export function installTools(version = wasmBindgenVersion()) {
  // Automatic target installs are off on the project's machines; this takes a second when present.
  run('rustup', ['target', 'add', 'wasm32-unknown-unknown']);
  let installed = '';
  try {
    installed = run('wasm-bindgen', ['--version'], true).trim().split(/\s+/)[1];
  } catch {
    // not installed
  }
  if (installed === version) return;
  // Not `--locked`: its lockfile names a crate version the registry lacks. Unoptimized: the build
  // runs it a dozen times on modules it handles in milliseconds either way, and an optimized
  // compile took 234 CPU seconds (6 min on the 2-core machine) where this takes 86 (2 min 12 s).
  run('cargo', ['install', 'wasm-bindgen-cli', '--version', version], false, { CARGO_PROFILE_RELEASE_OPT_LEVEL: '0' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) installTools();
