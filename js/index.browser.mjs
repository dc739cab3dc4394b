// Browsers and bundlers that handle `new URL(file, import.meta.url)` as an asset: the wasm module
// is fetched and compiled asynchronously (while it downloads where it is served as application/wasm),
// then instantiated by the glue.

import { instantiate } from './glue.mjs';
import { bindWasm } from './wasm.mjs';

const url = new URL('./encoding_wasm_bg.wasm', import.meta.url);
const response = await fetch(url);
if (!response.ok) throw new Error(`encoding-wasm: fetching ${url} failed with HTTP status ${response.status}.`);
const module =
  typeof WebAssembly.compileStreaming === 'function' &&
  response.headers.get('Content-Type')?.toLowerCase() === 'application/wasm'
    ? await WebAssembly.compileStreaming(response)
    : await WebAssembly.compile(await response.arrayBuffer());
bindWasm(instantiate(module));

export * from './index.mjs';
