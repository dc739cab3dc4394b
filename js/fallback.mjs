// The encodings' modules, bound by the entries where WebAssembly may be missing or refused
// (binders.mjs).

import * as binders from './binders.mjs';
import { bindFailed, bindWasm } from './wasm.mjs';

const encodings = { name: 'encoding-wasm', bind: bindWasm, fail: bindFailed };

export const bindOrFallback = (load, fallback) => binders.bindOrFallback(encodings, load, fallback);
export const bindOrFallbackSync = (load, fallback) => binders.bindOrFallbackSync(encodings, load, fallback);
