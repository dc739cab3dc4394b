// npm run build: compiles the crate to wasm, runs wasm-bindgen and wasm-opt, and assembles pkg/
// (the ESM modules of js/ with an entry per runtime, one CommonJS bundle made by esbuild,
// TypeScript declarations). Works on a fresh machine with Rust and npm: it adds the wasm target
// and installs the matching wasm-bindgen-cli if needed.

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { build as esbuild } from 'esbuild';
import { stubFunctions } from './wasm-stub.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(root, 'pkg');
const target = process.env.CARGO_TARGET_DIR ? resolve(root, process.env.CARGO_TARGET_DIR) : join(root, 'target');
const tmp = join(target, 'wasm-bindgen');

function run(cmd, args, opts = {}) {
  console.log(`> ${cmd} ${args.join(' ')}`);
  return execFileSync(cmd, args, { cwd: root, stdio: opts.capture ? 'pipe' : 'inherit', encoding: 'utf8' });
}

function fail(message) {
  throw new Error(`build: ${message}`);
}

// 1. Toolchain: the wasm target, and wasm-bindgen-cli at the version Cargo.lock pins.
run('rustup', ['target', 'add', 'wasm32-unknown-unknown']);
const lock = readFileSync(join(root, 'Cargo.lock'), 'utf8');
const version =
  /\[\[package\]\]\nname = "wasm-bindgen"\nversion = "([^"]+)"/.exec(lock)?.[1] ??
  fail('wasm-bindgen is not in Cargo.lock');
let installed = '';
try {
  installed = run('wasm-bindgen', ['--version'], { capture: true }).trim().split(/\s+/)[1];
} catch {
  // not installed
}
if (installed !== version) run('cargo', ['install', 'wasm-bindgen-cli', '--version', version]);

// 2. The wasm modules: the full one (every family), the lite one and one per family for the
// add-ons, each built with its Cargo features (Cargo.toml), run through wasm-bindgen, stubbed and
// optimized, with its own copy of the glue (each instance needs its own).
rmSync(pkg, { recursive: true, force: true });
mkdirSync(pkg);
const require = createRequire(import.meta.url);
const wasmOpt = join(dirname(require.resolve('binaryen/package.json')), 'bin', 'wasm-opt');
const features = Object.keys(parseFeatures(readFileSync(join(root, 'Cargo.toml'), 'utf8'))).filter(
  (f) => f !== 'default',
);
const modules = [{ name: 'encoding_wasm', glue: 'glue.mjs', features: null }].concat(
  features.map((f) => ({ name: f, glue: `glue-${f}.mjs`, features: f })),
);
for (const m of modules) buildModule(m);

// The [features] table of Cargo.toml: name → list.
function parseFeatures(toml) {
  const table = /^\[features\]\n([\s\S]*?)(?=^\[)/m.exec(toml)?.[1] ?? fail('Cargo.toml has no [features]');
  return Object.fromEntries(
    [...table.matchAll(/^([\w-]+) = \[(.*)\]$/gm)].map(([, name, list]) => [name, list.match(/[\w-]+/g) ?? []]),
  );
}

// Compiles, generates the glue, optimizes: pkg/<name>_bg.wasm (the full module keeps its
// historical name encoding_wasm_bg.wasm) and pkg/<glue>.
function buildModule({ name, glue: glueName, features }) {
  const selection = features === null ? [] : ['--no-default-features', '--features', features];
  run('cargo', ['build', '--target', 'wasm32-unknown-unknown', '--profile', 'wasm', ...selection]);
  const dir = join(tmp, name);
  rmSync(dir, { recursive: true, force: true });
  run('wasm-bindgen', [
    '--target',
    'web',
    '--out-dir',
    dir,
    '--out-name',
    'encoding_wasm',
    '--no-typescript',
    join(target, 'wasm32-unknown-unknown', 'wasm', 'encoding_wasm.wasm'),
  ]);
  // std's panic and allocation-failure paths format a message (core::fmt) that nobody sees
  // before the trap panic = "abort" ends in: they become a bare trap, and wasm-opt drops the
  // formatting.
  const neverReturn = new RegExp(
    '^(core|alloc|std)\\[[0-9a-f]+\\]::(panicking::|result::unwrap_failed|option::(unwrap|expect)_failed|slice::index::|' +
      'str::slice_error_fail|raw_vec::(handle_error|capacity_overflow)|alloc::(handle_alloc_error|rust_oom)|' +
      'slice::sort::shared::smallsort::panic_on_ord_violation)|::(rust_begin_unwind|__rust_alloc_error_handler|rust_panic)$',
  );
  const [stubbed, stubbedNames] = stubFunctions(readFileSync(join(dir, 'encoding_wasm_bg.wasm')), (n) =>
    neverReturn.test(n),
  );
  if (!stubbedNames.some((n) => n.endsWith('::rust_begin_unwind')))
    fail('the panic handler was not found to stub; update the pattern');
  writeFileSync(join(dir, 'stubbed.wasm'), stubbed);
  // The producers and target-features sections only matter to tools before this point. Memory
  // packing would split the data into a segment per run of non-zero bytes: the segment headers
  // cost more gzipped (about 300 bytes) than the zeros they leave out.
  run(process.execPath, [
    wasmOpt,
    '-O3',
    '--skip-pass=memory-packing',
    '--strip-producers',
    '--strip-target-features',
    join(dir, 'stubbed.wasm'),
    '-o',
    join(pkg, `${name}_bg.wasm`),
  ]);
  // The glue's unused default loader names its module's file: bundlers emit the file it names.
  const glue = patchGlue(readFileSync(join(dir, 'encoding_wasm.js'), 'utf8'));
  writeFileSync(join(pkg, glueName), glue.replace("new URL('encoding_wasm_bg.wasm'", `new URL('${name}_bg.wasm'`));
}

// 3. The glue, patched as little as possible. wasm-bindgen's creates a TextDecoder when it
// loads, to turn panic messages into strings: that fails where the global is missing and would
// recurse into the polyfill where the global is ours. Only numbers cross the boundary otherwise,
// so a plain Latin-1 decode does. The header comment names a .d.ts that --no-typescript omits.
function patchGlue(text) {
  let glue = text.replace(/^\/\* @ts-self-types=.*\*\/\n/, '');
  const textDecoderSetUp = /let cachedTextDecoder = [\s\S]*?\nfunction decodeText\(bytes\) \{[\s\S]*?\n\}\n/;
  if (textDecoderSetUp.test(glue)) {
    glue = glue.replace(
      textDecoderSetUp,
      "function decodeText(bytes) {\n    let s = '';\n    for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);\n    return s;\n}\n",
    );
  }
  if (/new Text(De|En)coder/.test(glue)) {
    fail('the wasm-bindgen glue uses TextDecoder/TextEncoder in a way the patch does not know; update it');
  }
  if (!/^export \{ initSync\b/m.test(glue))
    fail('the wasm-bindgen glue no longer exports initSync; update the entries');
  return glue;
}

// 4. The modules: js/*.mjs and the CommonJS entries copied as they are (they import each other and
// glue.mjs by relative paths, so that pkg/ is the same graph as js/), but api.cjs.mjs, which
// esbuild bundles into the one CommonJS module the .cjs entries share.
const header = '// encoding-wasm: generated by scripts/build.mjs; do not edit.\n';
for (const name of readdirSync(join(root, 'js'))) {
  if (name === 'api.cjs.mjs' || name.endsWith('.d.ts')) continue;
  if (name.endsWith('.mjs') || name.endsWith('.cjs')) copyFileSync(join(root, 'js', name), join(pkg, name));
}
const cjs = await esbuild({
  stdin: {
    contents: readFileSync(join(root, 'js', 'api.cjs.mjs'), 'utf8'),
    resolveDir: pkg,
    sourcefile: 'api.cjs.mjs',
  },
  bundle: true,
  format: 'cjs',
  platform: 'neutral',
  target: 'es2022',
  write: false,
  logLevel: 'warning',
  // The glue's general loader (unused here, and left out) reads import.meta.url.
  logOverride: { 'empty-import-meta': 'silent' },
});
writeFileSync(join(pkg, 'api.cjs'), `${header}${cjs.outputFiles[0].text}`);

// 5. Each wasm module as base64, for the inline entries (tools that handle no assets).
for (const { name } of modules) {
  const file = `${name}_bg.wasm`;
  const base64 = readFileSync(join(pkg, file)).toString('base64');
  writeFileSync(
    join(pkg, inlineName(name)),
    `${header}const base64 = '${base64}';

// The bytes of ${file}, decoded at each call: natively where the runtime can
// (Uint8Array.fromBase64, Node's Buffer, read off globalThis so that no bundler adds a polyfill).
export function wasmBytes() {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(base64);
  const NodeBuffer = globalThis.Buffer;
  if (typeof NodeBuffer === 'function') return NodeBuffer.from(base64, 'base64');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
`,
  );
}

function inlineName(name) {
  return name === 'encoding_wasm' ? 'wasm-inline.mjs' : `wasm-inline-${name}.mjs`;
}

// 5b. The entries of the lite module (the whole API) and of each add-on (a side-effect import that
// binds its module): the full entries (js/index.<runtime>.mjs) with the module's files in place of
// the full one's; an add-on exports nothing.
const RUNTIMES = ['node', 'browser', 'workerd', 'inline'];
for (const { name, glue } of modules.slice(1)) {
  for (const runtime of RUNTIMES) {
    let text = readFileSync(join(root, 'js', `index.${runtime}.mjs`), 'utf8');
    for (const [from, to] of [
      ["'./glue.mjs'", `'./${glue}'`],
      ["'./encoding_wasm_bg.wasm'", `'./${name}_bg.wasm'`],
      ["'./wasm-inline.mjs'", `'./${inlineName(name)}'`],
      ["export * from './index.mjs';\n", name === 'lite' ? "export * from './index.mjs';\n" : ''],
    ]) {
      // Every entry imports the glue and re-exports the API; each names one of the other two.
      if (!text.includes(from) && !from.includes('inline') && !from.includes('_bg.wasm')) {
        fail(`js/index.${runtime}.mjs no longer has ${from}; update the entry generation`);
      }
      text = text.replaceAll(from, to);
    }
    const what = name === 'lite' ? 'the lite entry' : `the ${name} add-on`;
    writeFileSync(
      join(pkg, `${name}.${runtime}.mjs`),
      `// encoding-wasm: ${what}, made by scripts/build.mjs from js/index.${runtime}.mjs.\n${text}`,
    );
  }
}

// 6. Types: the same declarations for import and require.
for (const [from, to] of [
  ['index.d.ts', 'index.d.ts'],
  ['index.d.ts', 'lite.d.ts'],
  ...modules.slice(2).map(({ name }) => ['addon.d.ts', `${name}.d.ts`]),
  ['index.d.ts', 'index.d.cts'],
  ['polyfill.d.ts', 'polyfill.d.ts'],
  ['polyfill.d.ts', 'polyfill.d.cts'],
]) {
  copyFileSync(join(root, 'js', from), join(pkg, to));
}
console.log(`pkg/ built: encoding_wasm_bg.wasm ${readFileSync(join(pkg, 'encoding_wasm_bg.wasm')).length} bytes`);
