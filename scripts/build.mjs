// npm run build: compiles the crate to wasm, runs wasm-bindgen and wasm-opt, and assembles pkg/
// (ESM and CommonJS entries per runtime, TypeScript declarations). Works on a fresh machine with
// Rust and npm: it adds the wasm target and installs the matching wasm-bindgen-cli if needed.

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
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

// 2. Compile, generate the glue, optimize.
run('cargo', ['build', '--target', 'wasm32-unknown-unknown', '--profile', 'wasm']);
rmSync(tmp, { recursive: true, force: true });
run('wasm-bindgen', [
  '--target',
  'web',
  '--out-dir',
  tmp,
  '--out-name',
  'encoding_wasm',
  '--no-typescript',
  join(target, 'wasm32-unknown-unknown', 'wasm', 'encoding_wasm.wasm'),
]);
rmSync(pkg, { recursive: true, force: true });
mkdirSync(pkg);
const require = createRequire(import.meta.url);
const wasmOpt = join(dirname(require.resolve('binaryen/package.json')), 'bin', 'wasm-opt');
// std's panic and allocation-failure paths format a message (core::fmt) that nobody sees before
// the trap panic = "abort" ends in: they become a bare trap, and wasm-opt drops the formatting.
const neverReturn = new RegExp(
  '^(core|alloc|std)\\[[0-9a-f]+\\]::(panicking::|result::unwrap_failed|option::(unwrap|expect)_failed|slice::index::|' +
    'str::slice_error_fail|raw_vec::(handle_error|capacity_overflow)|alloc::(handle_alloc_error|rust_oom)|' +
    'slice::sort::shared::smallsort::panic_on_ord_violation)|::(rust_begin_unwind|__rust_alloc_error_handler|rust_panic)$',
);
const [stubbed, stubbedNames] = stubFunctions(readFileSync(join(tmp, 'encoding_wasm_bg.wasm')), (name) =>
  neverReturn.test(name),
);
if (!stubbedNames.some((n) => n.endsWith('::rust_begin_unwind')))
  fail('the panic handler was not found to stub; update the pattern');
writeFileSync(join(tmp, 'stubbed.wasm'), stubbed);
// The producers and target-features sections only matter to tools before this point. Memory
// packing would split the data into a segment per run of non-zero bytes: the segment headers
// cost more gzipped (about 300 bytes) than the zeros they leave out.
run(process.execPath, [
  wasmOpt,
  '-O3',
  '--skip-pass=memory-packing',
  '--strip-producers',
  '--strip-target-features',
  join(tmp, 'stubbed.wasm'),
  '-o',
  join(pkg, 'encoding_wasm_bg.wasm'),
]);

// 3. The glue. wasm-bindgen's creates a TextDecoder when it loads, to turn panic messages into
// strings: that fails where the global is missing and would recurse into the polyfill where the
// global is ours. Only numbers cross the boundary otherwise, so a plain Latin-1 decode does.
let glue = readFileSync(join(tmp, 'encoding_wasm.js'), 'utf8')
  .replace(/^\/\* @ts-self-types=.*\*\/\n/, '')
  .replace(/^\/\*\*[\s\S]*?\*\/\n/gm, '');
glue = glue.replace(
  /let cachedTextDecoder = [\s\S]*?\nfunction decodeText\(bytes\) \{[\s\S]*?\n\}\n/,
  "function decodeText(bytes) {\n    let s = '';\n    for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);\n    return s;\n}\n",
);
if (/new Text(De|En)coder/.test(glue))
  fail('the wasm-bindgen glue still uses TextDecoder/TextEncoder; update the patch');
// The browser entry instantiates by itself (below) with the glue's imports and its finishing step,
// so that the glue's general loader (about 0.4 KB gzipped) drops out of bundles.
if (
  !/^function __wbg_get_imports\(\)/m.test(glue) ||
  !/^function __wbg_finalize_init\(instance, module\)/m.test(glue)
) {
  fail('the wasm-bindgen glue has no __wbg_get_imports or __wbg_finalize_init; update the browser entry');
}
glue = glue.replace(
  /^export \{ initSync, __wbg_init as default \};$/m,
  'export { initSync, __wbg_get_imports, __wbg_finalize_init };',
);
writeFileSync(join(pkg, 'glue.mjs'), glue);
// The core binds the glue's classes (js/wasm.mjs bindWasm): CommonJS exports them too.
const glueClasses = [...glue.matchAll(/^export class (\w+)/gm)].map((m) => m[1]);
const glueCjs = `'use strict';\n${glue}`
  .replace(/^export (function|class) /gm, '$1 ')
  .replace(/^export \{ initSync, [^}]*\};\n?/m, `module.exports = { initSync, ${glueClasses.join(', ')} };\n`)
  .replace(/import\.meta\.url/g, "require('node:url').pathToFileURL(__filename)");
if (/^export |import\.meta/m.test(glueCjs)) fail('could not convert the glue to CommonJS');
writeFileSync(join(pkg, 'glue.cjs'), glueCjs);

// 4. The JS API: js/*.mjs concatenated in dependency order into one module, ESM and CommonJS.
const files = [
  'webidl',
  'natives',
  'strings',
  'wasm',
  'text-decoder',
  'text-encoder',
  'streams',
  'extensions',
  'polyfill',
];
const names = new Set();
let body = '';
for (const f of files) {
  const src = readFileSync(join(root, 'js', `${f}.mjs`), 'utf8')
    .replace(/^import [\s\S]*? from '\.\/[^']+';\n/gm, '')
    .replace(/^export (?=(async function|function|class|const|let) )/gm, '');
  if (/^(import|export) /m.test(src)) fail(`js/${f}.mjs has an import or export the bundler does not handle`);
  for (const [, name] of src.matchAll(/^(?:async function|function|class|const|let) (\w+)/gm)) {
    if (names.has(name)) fail(`top-level name ${name} in js/${f}.mjs is declared twice`);
    names.add(name);
  }
  body += `// --- js/${f}.mjs\n${src}\n`;
}
const index = readFileSync(join(root, 'js', 'index.mjs'), 'utf8');
const exported = [...index.matchAll(/^export \{ ([^}]+) \}/gm)].flatMap((m) => m[1].split(',').map((s) => s.trim()));
for (const name of exported) if (!names.has(name)) fail(`js/index.mjs exports ${name}, which no file declares`);
const header = '// encoding-wasm: generated by scripts/build.mjs from js/*.mjs; do not edit.\n';
writeFileSync(join(pkg, 'core.mjs'), `${header}${body}export { ${exported.join(', ')} };\n`);
writeFileSync(join(pkg, 'core.cjs'), `${header}'use strict';\n${body}module.exports = { ${exported.join(', ')} };\n`);

// 5. Entries: each loads the wasm module the way its runtime allows, then exports the API.
const api = exported.filter((n) => n !== 'bindWasm' && n !== 'installPolyfill');
const esmExport = `export { ${api.join(', ')} } from './core.mjs';\n`;
const entries = {
  // Node, Deno and Bun: read the file, compile asynchronously.
  'index.node.mjs': `import { readFile } from 'node:fs/promises';\nimport * as glue from './glue.mjs';\nimport { bindWasm } from './core.mjs';\n\nconst module = await WebAssembly.compile(await readFile(new URL('./encoding_wasm_bg.wasm', import.meta.url)));\nbindWasm(glue.initSync({ module }), glue);\n${esmExport}`,
  // Browsers and bundlers: fetch, compile and instantiate asynchronously (Chromium refuses
  // synchronous compilation of large modules on the main thread); compiling while the file
  // downloads needs its application/wasm type.
  'index.browser.mjs': `import { ${glueClasses.join(', ')}, __wbg_get_imports as imports, __wbg_finalize_init as finish } from './glue.mjs';
import { bindWasm } from './core.mjs';

const url = new URL('./encoding_wasm_bg.wasm', import.meta.url);
const response = await fetch(url);
if (!response.ok) throw new Error(\`encoding-wasm: fetching \${url} failed with HTTP status \${response.status}.\`);
const { instance, module } = typeof WebAssembly.instantiateStreaming === 'function' &&
  response.headers.get('Content-Type')?.toLowerCase() === 'application/wasm'
  ? await WebAssembly.instantiateStreaming(response, imports())
  : await WebAssembly.instantiate(await response.arrayBuffer(), imports());
bindWasm(finish(instance, module), { ${glueClasses.join(', ')} });
${esmExport}`,
  // Cloudflare workerd compiles no wasm from bytes: the module is imported as a module.
  'index.workerd.mjs': `import module from './encoding_wasm_bg.wasm';\nimport * as glue from './glue.mjs';\nimport { bindWasm } from './core.mjs';\n\nbindWasm(glue.initSync({ module }), glue);\n${esmExport}`,
  // require() in Node: synchronous compilation is allowed there.
  'index.cjs': `'use strict';\nconst { readFileSync } = require('node:fs');\nconst { join } = require('node:path');\nconst glue = require('./glue.cjs');\nconst core = require('./core.cjs');\n\ncore.bindWasm(glue.initSync({ module: new WebAssembly.Module(readFileSync(join(__dirname, 'encoding_wasm_bg.wasm'))) }), glue);\nmodule.exports = { ${api.map((n) => `${n}: core.${n}`).join(', ')} };\n`,
};
for (const variant of ['node', 'browser', 'workerd']) {
  entries[`polyfill.${variant}.mjs`] =
    `import * as lib from './index.${variant}.mjs';\nimport { installPolyfill } from './core.mjs';\n\ninstallPolyfill(lib);\n`;
}
entries['polyfill.cjs'] = `'use strict';\nrequire('./core.cjs').installPolyfill(require('./index.cjs'));\n`;
for (const [name, text] of Object.entries(entries)) writeFileSync(join(pkg, name), text);

// 6. Types.
for (const [from, to] of [
  ['index.d.ts', 'index.d.ts'],
  ['index.d.ts', 'index.d.cts'],
  ['polyfill.d.ts', 'polyfill.d.ts'],
  ['polyfill.d.ts', 'polyfill.d.cts'],
]) {
  copyFileSync(join(root, 'js', from), join(pkg, to));
}
if (!existsSync(join(pkg, 'encoding_wasm_bg.wasm'))) fail('no wasm module was written');
console.log(`pkg/ built: encoding_wasm_bg.wasm ${readFileSync(join(pkg, 'encoding_wasm_bg.wasm')).length} bytes`);
