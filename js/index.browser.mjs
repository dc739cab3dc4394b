// Browsers and bundlers that handle `new URL(file, import.meta.url)` as an asset: the wasm module
// is fetched and compiled asynchronously (while it downloads where it is served as application/wasm),
// then instantiated by the glue. Where WebAssembly is missing or refused (a Content-Security-Policy
// without 'wasm-unsafe-eval'), or the URL cannot be made (workerd without its export condition),
// the module compiled to JavaScript is imported instead (fallback.mjs).

import { bindOrFallback } from './fallback.mjs';
import { instantiate } from './glue.mjs';

await bindOrFallback(
  async () => {
    const url = new URL('./encoding_wasm_bg.wasm', import.meta.url);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`fetching ${url} failed with HTTP status ${response.status}`);
    const module =
      typeof WebAssembly.compileStreaming === 'function' &&
      response.headers.get('Content-Type')?.toLowerCase() === 'application/wasm'
        ? await WebAssembly.compileStreaming(response)
        : await WebAssembly.compile(await response.arrayBuffer());
    return instantiate(module);
  },
  () => import('./encoding_wasm_bg.wasm2js.mjs'),
);

export * from './index.mjs';
