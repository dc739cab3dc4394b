// require() in a browser bundle: the inlined wasm module (wasm-inline.mjs, which the bundler
// converts) is compiled synchronously, so that the API is ready when require() returns. It has no
// JavaScript build (a bundler would put it in every page): where WebAssembly is missing or
// refused, every API throws an Error that says so.
'use strict';
const { bindFamilyLater, bindOrFallbackSync, instantiate, installPolyfill, ...api } = require('./api.cjs');
const { wasmBytes } = require('./wasm-inline.mjs');

bindOrFallbackSync(
  () => instantiate(new WebAssembly.Module(wasmBytes())),
  "require() in a bundle for browsers has no JavaScript build: import 'encoding-wasm' instead, or bundle with the 'no-wasm' export condition",
);
module.exports = api;
