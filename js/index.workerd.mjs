// Cloudflare workerd compiles no wasm from bytes: the module is imported as a module (the
// bundler, wrangler or workerd's config, lists the .wasm file as a wasm module).

import module from './encoding_wasm_bg.wasm';
import { instantiate } from './glue.mjs';
import { bindWasm } from './wasm.mjs';

bindWasm(instantiate(module));

export * from './index.mjs';
