// require() in Node and Bun: the wasm module is read and compiled synchronously (allowed there).
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { bindWasm, initSync, installPolyfill, ...api } = require('./api.cjs');

bindWasm(initSync({ module: new WebAssembly.Module(readFileSync(join(__dirname, 'encoding_wasm_bg.wasm'))) }));
module.exports = api;
