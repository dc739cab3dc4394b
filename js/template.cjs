// The template of the lite entry's and the add-ons' CommonJS modules, for require() in Node and
// Bun (scripts/build.mjs makes them with their files' names in place of the full module's; it is
// not shipped itself). As template.node.mjs: the wasm file beside this module is read and
// compiled synchronously (an add-on's is its family's `-unpacked` build); where a bundler has
// moved this code away from the file, the inlined copy is used (the bundler converts it); where
// WebAssembly is missing (`node --jitless`), the module compiled to JavaScript. An add-on binds
// its family to the CommonJS entries (require('encoding-wasm/lite'), require('encoding-wasm')).
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { bindFamilyLater, bindOrFallbackSync, instantiate, installPolyfill, ...api } = require('./api.cjs');

bindOrFallbackSync(
  () => {
    let bytes;
    try {
      bytes = readFileSync(join(__dirname, './encoding_wasm_bg.wasm'));
    } catch {
      bytes = require('./wasm-inline.mjs').wasmBytes();
    }
    return instantiate(new WebAssembly.Module(bytes));
  },
  () => require('./encoding_wasm_bg.wasm2js.cjs'),
);
module.exports = api;
