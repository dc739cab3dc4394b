// require() in Node and Bun: the wasm module is read and compiled synchronously (allowed there).
// Where a bundler has moved this code away from the file (webpack or esbuild for Node), the
// inlined copy is used: the bundler converts wasm-inline.mjs (which Node 20 itself cannot require).
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { bindWasm, instantiate, installPolyfill, ...api } = require('./api.cjs');

let bytes;
try {
  bytes = readFileSync(join(__dirname, 'encoding_wasm_bg.wasm'));
} catch {
  bytes = require('./wasm-inline.mjs').wasmBytes();
}
bindWasm(instantiate(new WebAssembly.Module(bytes)));
module.exports = api;
