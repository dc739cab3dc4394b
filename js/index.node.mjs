// Node, Deno and Bun (`import`): the lite module beside this file is read and compiled
// synchronously (33 KB: quicker than the promise APIs' first use); each family's module is read
// and compiled synchronously the first time one of its encodings is asked for, so that start-up
// compiles only what is used. Those are the `-unpacked` builds, whose indexes need no expansion
// before the first decode. Where a bundler has moved this module away from the files (esbuild
// for Node) or made the URLs web paths (Next.js's Turbopack on the server), the inlined copy of
// the full module (wasm-inline.mjs) is compiled instead. scripts/build.mjs bundles this entry
// with Rollup: what it imports goes into node-shared.mjs, shared by every Node entry.

import { readFileSync } from 'node:fs';
import { bindFamilyLater, bindWasm, instantiate } from './node-bind.mjs';

let bytes = null;
try {
  bytes = readFileSync(new URL('./lite_bg.wasm', import.meta.url));
} catch {
  // Not beside this file: see above.
}
if (bytes !== null) {
  bindWasm(instantiate(new WebAssembly.Module(bytes)));
  // Each read written out in full, for bundlers and for tools that trace the files an app uses
  // (@vercel/nft: Next.js's standalone output, Vercel).
  bindFamilyLater('japanese', () => readFileSync(new URL('./japanese-unpacked_bg.wasm', import.meta.url)));
  bindFamilyLater('chinese-simplified', () =>
    readFileSync(new URL('./chinese-simplified-unpacked_bg.wasm', import.meta.url)),
  );
  bindFamilyLater('chinese-traditional', () =>
    readFileSync(new URL('./chinese-traditional-unpacked_bg.wasm', import.meta.url)),
  );
  bindFamilyLater('korean', () => readFileSync(new URL('./korean-unpacked_bg.wasm', import.meta.url)));
} else {
  const { wasmBytes } = await import('./wasm-inline.mjs');
  bindWasm(instantiate(await WebAssembly.compile(wasmBytes())));
}

export * from './index.mjs';
