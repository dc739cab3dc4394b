// require() in a browser bundle: the inlined wasm module (wasm-inline.mjs, which the bundler
// converts) is compiled synchronously, so that the API is ready when require() returns.
'use strict';
const { bindWasm, initSync, installPolyfill, CoreTextDecoder, CoreEncoder, ...api } = require('./api.cjs');
const { wasmBytes } = require('./wasm-inline.mjs');

bindWasm(initSync({ module: new WebAssembly.Module(wasmBytes()) }), { CoreTextDecoder, CoreEncoder });
module.exports = api;
