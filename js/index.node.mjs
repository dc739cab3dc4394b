// Node, Deno and Bun (`import`): the lite module beside this file is read and compiled
// synchronously (33 KB: quicker than the promise APIs' first use); each family's module is read
// and compiled synchronously the first time one of its encodings is asked for, so that start-up
// compiles only what is used. Those are the `-unpacked` builds, whose indexes need no expansion
// before the first decode. Where a bundler has moved this module away from the files (esbuild
// for Node) or made the URLs web paths (Next.js's Turbopack on the server), the inlined copy of
// the full module (wasm-inline.mjs) is compiled instead. Where WebAssembly is missing (`node
// --jitless`), the full module compiled to JavaScript is imported (fallback.mjs).
// scripts/build.mjs bundles this entry with Rollup: what it imports goes into node-shared.mjs,
// shared by every Node entry.

import { readFileSync } from 'node:fs';
import { bindFamilyLater, bindOrFallback, instantiate } from './node-bind.mjs';

let bytes = null;
try {
  bytes = readFileSync(new URL('./lite_bg.wasm', import.meta.url));
} catch {
  // Not beside this file: see above.
}
await bindOrFallback(
  async () => {
    if (bytes === null) {
      const { wasmBytes } = await import('./wasm-inline.mjs');
      return instantiate(await WebAssembly.compile(wasmBytes()));
    }
    const lite = instantiate(new WebAssembly.Module(bytes));
    // Each family's read written out in full, for bundlers and for tools that trace the files an
    // app uses (@vercel/nft: Next.js's standalone output, Vercel): scripts/build.mjs makes the line
    // below one line per family.
    bindFamilyLater('FAMILY', () => readFileSync(new URL('./FAMILY-unpacked_bg.wasm', import.meta.url)));
    return lite;
  },
  () => import('./encoding_wasm_bg.wasm2js.mjs'),
);

export * from './index.mjs';
