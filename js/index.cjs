// require() in Node and Bun: as the ES module entry (index.node.mjs), the lite module beside this
// file is read and compiled synchronously (allowed there), and each family's unpacked module the
// first time one of its encodings is asked for. Where a bundler has moved this code away from the
// files (webpack or esbuild for Node), the inlined full module is used: the bundler converts
// wasm-inline.mjs (which Node 20 itself cannot require).
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { bindFamilyLater, bindWasm, instantiate, installPolyfill, ...api } = require('./api.cjs');

const FAMILIES = ['japanese', 'chinese-simplified', 'chinese-traditional', 'korean'];
const bind = (bytes) => bindWasm(instantiate(new WebAssembly.Module(bytes)));
const read = (file) => readFileSync(join(__dirname, file));

let lite = null;
try {
  lite = read('lite_bg.wasm');
} catch {
  // Not beside this file: see above.
}
if (lite !== null) {
  bind(lite);
  for (const name of FAMILIES) bindFamilyLater(name, () => read(`${name}-unpacked_bg.wasm`));
} else {
  bind(require('./wasm-inline.mjs').wasmBytes());
}
module.exports = api;
