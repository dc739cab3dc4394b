// require() in a browser bundle: the inlined wasm module (wasm-inline.mjs, which the bundler
// converts) is compiled synchronously, so that the API is ready when require() returns.
'use strict';
const { bindFamilyLater, bindWasm, instantiate, installPolyfill, ...api } = require('./api.cjs');
const { wasmBytes } = require('./wasm-inline.mjs');

bindWasm(instantiate(new WebAssembly.Module(wasmBytes())));
module.exports = api;
