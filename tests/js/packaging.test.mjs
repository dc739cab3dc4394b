// The package as runtimes and bundlers see it: the exports map, CommonJS, per-runtime entries,
// TypeScript declarations, and the wasm-bindgen glue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as esm from 'encoding-wasm';

const root = new URL('../../', import.meta.url);
const pkgJson = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const API = [
  'TextDecoder',
  'TextEncoder',
  'TextDecoderStream',
  'TextEncoderStream',
  'encode',
  'getEncoding',
  'decode',
  'LegacyEncoder',
  'LegacyEncoderStream',
  'inspect',
  'encodings',
];

function targets(node, out = []) {
  if (typeof node === 'string') out.push(node);
  else for (const v of Object.values(node)) targets(v, out);
  return out;
}

test('every file the exports map names exists, for every runtime condition', () => {
  for (const t of targets(pkgJson.exports)) assert.ok(existsSync(new URL(t, root)), t);
  for (const sub of ['.', './polyfill']) {
    const conds = Object.keys(pkgJson.exports[sub]);
    assert.deepEqual(
      conds,
      ['types', 'workerd', 'deno', 'bun', 'node', 'browser', 'import', 'require', 'default'],
      sub,
    );
  }
});

test('the ESM entry exports exactly the API', () => {
  assert.deepEqual(Object.keys(esm).sort(), [...API].sort());
});

test('require() in Node gives the same API, working', () => {
  const require = createRequire(import.meta.url);
  const cjs = require('encoding-wasm');
  assert.deepEqual(Object.keys(cjs).sort(), [...API].sort());
  assert.equal(new cjs.TextDecoder('latin1').decode(new Uint8Array([0x80])), '\u20AC');
  assert.deepEqual(Array.from(cjs.encode('\u00E9', 'utf-16be')), [0x00, 0xe9]);
  assert.equal(cjs.getEncoding('sjis'), 'Shift_JIS');
});

test('browsers and bundlers compile asynchronously; workerd imports the module; nothing compiles synchronously in ESM', () => {
  const browser = read('pkg/index.browser.mjs');
  assert.match(browser, /^const url = new URL\('\.\/encoding_wasm_bg\.wasm', import\.meta\.url\);$/m);
  assert.match(browser, /await WebAssembly\.instantiateStreaming\(response, imports\(\)\)/);
  assert.match(browser, /await WebAssembly\.instantiate\(await response\.arrayBuffer\(\), imports\(\)\)/);
  assert.match(read('pkg/index.node.mjs'), /await WebAssembly\.compile\(/);
  const workerd = read('pkg/index.workerd.mjs');
  assert.match(workerd, /^import module from '\.\/encoding_wasm_bg\.wasm';/m);
  for (const f of ['pkg/index.browser.mjs', 'pkg/index.node.mjs', 'pkg/index.workerd.mjs', 'pkg/core.mjs']) {
    assert.doesNotMatch(read(f), /new WebAssembly\.Module|WebAssembly\.compile\(bytes|readFileSync/, f);
  }
});

test('the glue creates no TextDecoder/TextEncoder and passes no strings', () => {
  for (const f of ['pkg/glue.mjs', 'pkg/glue.cjs']) {
    assert.doesNotMatch(read(f), /new Text(De|En)coder|TextDecoder\(|TextEncoder\(/, f);
  }
  const imports = WebAssembly.Module.imports(
    new WebAssembly.Module(readFileSync(new URL('pkg/encoding_wasm_bg.wasm', root))),
  );
  assert.ok(
    imports.every((i) => !/string|externref_table_alloc/i.test(i.name)),
    JSON.stringify(imports),
  );
});

test('TypeScript declarations cover every export', () => {
  const dts = read('js/index.d.ts');
  const declared = [...dts.matchAll(/^export declare (?:class|function) (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual(declared.sort(), [...API].sort());
  assert.equal(read('pkg/index.d.ts'), dts);
  assert.equal(read('pkg/index.d.cts'), dts);
  assert.ok(existsSync(new URL('pkg/polyfill.d.ts', root)));
});

test('the build script pins wasm-bindgen-cli to Cargo.lock and uses the wasm profile', () => {
  const build = read('scripts/build.mjs');
  assert.match(build, /'rustup', \['target', 'add', 'wasm32-unknown-unknown'\]/);
  assert.match(build, /'cargo', \['install', 'wasm-bindgen-cli', '--version', version\]/);
  assert.match(build, /'--profile', 'wasm'/);
  assert.match(read('Cargo.toml'), /\[profile\.wasm\][^[]*strip = false/);
  assert.match(pkgJson.scripts.build, /scripts\/build\.mjs/);
});
