// The template of the lite entry's and the add-ons' Node modules (scripts/build.mjs makes them
// with their files' names in place of the full module's; it is not shipped itself).
// Node, Deno and Bun (`import`): the wasm file beside this module is read and compiled
// synchronously (quicker than the promise APIs for these sizes; an add-on's file is its family's
// `-unpacked` build, whose indexes need no expansion before the first decode). Where a bundler
// has moved this module away from the file (esbuild for Node) or made the URL a web path
// (Next.js's Turbopack on the server), the inlined copy (wasm-inline.mjs) is compiled instead.
// Where WebAssembly is missing (`node --jitless`), the module compiled to JavaScript is imported
// (fallback.mjs). scripts/build.mjs bundles the entries made from this with Rollup: what they
// import goes into node-shared.mjs, shared by every Node entry.

import { readFileSync } from 'node:fs';
import { bindOrFallback, instantiate } from './node-bind.mjs';

await bindOrFallback(
  async () => {
    let bytes;
    try {
      bytes = readFileSync(new URL('./encoding_wasm_bg.wasm', import.meta.url));
    } catch {
      bytes = (await import('./wasm-inline.mjs')).wasmBytes();
    }
    return instantiate(new WebAssembly.Module(bytes));
  },
  () => import('./encoding_wasm_bg.wasm2js.mjs'),
);

export * from './index.mjs';
