// require() in Node and Bun: as the ES module entry (index.node.mjs), the lite module beside this
// file is read and compiled synchronously (allowed there), and each family's unpacked module the
// first time one of its encodings is asked for. Every file is named in full where it is read, for
// tools that trace the files an app uses (@vercel/nft: Next.js's standalone output, Vercel).
// Where a bundler has moved this code away from the files (webpack or esbuild for Node), the
// inlined full module is used: the bundler converts wasm-inline.mjs (which Node 20 itself cannot
// require). Where WebAssembly is missing (`node --jitless`), the full module compiled to
// JavaScript is required instead.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { bindFamilyLater, bindOrFallbackSync, instantiate, installPolyfill, ...api } = require('./api.cjs');

bindOrFallbackSync(
  () => {
    let lite = null;
    try {
      lite = readFileSync(join(__dirname, 'lite_bg.wasm'));
    } catch {
      // Not beside this file: see above.
    }
    if (lite === null) return instantiate(new WebAssembly.Module(require('./wasm-inline.mjs').wasmBytes()));
    const bound = instantiate(new WebAssembly.Module(lite));
    // One line per family, made by scripts/build.mjs from this one (each path written in full).
    bindFamilyLater('FAMILY', () => readFileSync(join(__dirname, 'FAMILY-unpacked_bg.wasm')));
    return bound;
  },
  () => require('./encoding_wasm_bg.wasm2js.cjs'),
);
module.exports = api;
