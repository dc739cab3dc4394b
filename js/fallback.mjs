// Binding where WebAssembly may be missing (Hermes, QuickJS, `node --jitless`) or refused (a page
// whose Content-Security-Policy lacks 'wasm-unsafe-eval', iOS Lockdown Mode): an entry tries its
// WebAssembly module and, where that fails, the same module compiled to JavaScript by wasm2js
// (<name>_bg.wasm2js.mjs, loaded only then). An entry never throws: where neither can be bound,
// every API throws an Error that names both causes.

import { bindFailed, bindWasm } from './wasm.mjs';

const describe = (e) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

// Why the WebAssembly module could not be used, in words a developer can act on.
function wasmCause(e) {
  if (typeof WebAssembly !== 'object') return 'this runtime has no WebAssembly';
  const text = describe(e);
  if (/unsafe-eval|Content.Security.Policy/i.test(text)) {
    return `WebAssembly is refused here, by a Content-Security-Policy without 'wasm-unsafe-eval' (${text})`;
  }
  return `its WebAssembly module could not be loaded (${text})`;
}

function failed(wasmError, jsError, why) {
  const then = jsError === undefined ? why : `its JavaScript build could not be loaded either (${describe(jsError)})`;
  bindFailed(`encoding-wasm cannot run: ${wasmCause(wasmError)}; ${then}.`, jsError ?? wasmError);
}

// Binds what `load()` returns (an instantiated WebAssembly module, or a promise of one); where it
// throws or rejects, what `fallback()` (the wasm2js module's import) gives. An entry without a
// JavaScript build passes, instead of `fallback`, the sentence that says what to do.
export async function bindOrFallback(load, fallback) {
  let wasmError;
  try {
    bindWasm(await load());
    return;
  } catch (e) {
    wasmError = e;
  }
  try {
    if (typeof fallback === 'string') return failed(wasmError, undefined, fallback);
    bindWasm((await fallback()).instantiate());
  } catch (e) {
    failed(wasmError, e);
  }
}

// The same, synchronously: for entries that cannot wait (require()).
export function bindOrFallbackSync(load, fallback) {
  let wasmError;
  try {
    bindWasm(load());
    return;
  } catch (e) {
    wasmError = e;
  }
  try {
    if (typeof fallback === 'string') return failed(wasmError, undefined, fallback);
    bindWasm(fallback().instantiate());
  } catch (e) {
    failed(wasmError, e);
  }
}
