// Binding where WebAssembly may be missing (Hermes, QuickJS, `node --jitless`) or refused (a page
// whose Content-Security-Policy lacks 'wasm-unsafe-eval', iOS Lockdown Mode): an entry tries its
// WebAssembly module and, where that fails, the same module compiled to JavaScript by wasm2js
// (<name>_bg.wasm2js.mjs, loaded only then). An entry never throws: where neither can be bound,
// every API throws an Error that names the causes. Shared by the encodings' modules
// (fallback.mjs) and the detector's (detect/bind.mjs).

const text = (e) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

// Runs `load`, unless there is no WebAssembly: then it could only fail, after fetching or reading
// its module for nothing (iOS Lockdown Mode); and Node's fetch, in `node --jitless`, ends the
// process with an unhandled rejection of its own.
function loadWasm(load) {
  if (typeof WebAssembly !== 'object') throw new ReferenceError('WebAssembly is not defined');
  return load();
}

// How engines say a Content-Security-Policy refused WebAssembly: V8 and WebKit name
// 'unsafe-eval' and the policy, SpiderMonkey only "call to WebAssembly.instantiate() blocked by CSP".
const REFUSED = /unsafe-eval|Content.Security.Policy|blocked by CSP/i;

// Records why no module could be bound for `target` ({ name, bind, fail }: see bindOrFallback):
// `wasmError` from the WebAssembly module, then `then` (what went wrong with the JavaScript build,
// or what to do where the entry has none).
function failed(target, wasmError, then, cause) {
  const why =
    typeof WebAssembly !== 'object'
      ? 'this runtime has no WebAssembly'
      : REFUSED.test(text(wasmError))
        ? `WebAssembly is refused here by a Content-Security-Policy without 'wasm-unsafe-eval' (${text(wasmError)})`
        : `its WebAssembly module could not be loaded (${text(wasmError)})`;
  target.fail(`${target.name} cannot run: ${why}; ${then}.`, cause);
}

// Binds, by `target.bind(instance)` (which throws where the instance is not the module expected),
// what `load()` returns (an instantiated WebAssembly module, or a promise of one); where it throws
// or rejects, the module that `fallback()` imports (a wasm2js module). An entry without a
// JavaScript build passes, instead of `fallback`, the sentence that says what to do. Where none
// can be bound, `target.fail(message, cause)` records why, the message starting with `target.name`.
export async function bindOrFallback(target, load, fallback) {
  try {
    target.bind(await loadWasm(load));
  } catch (wasmError) {
    if (typeof fallback === 'string') return failed(target, wasmError, fallback, wasmError);
    try {
      target.bind((await fallback()).instantiate());
    } catch (e) {
      failed(target, wasmError, `its JavaScript build could not be loaded either (${text(e)})`, e);
    }
  }
}

// The same, synchronously, for require().
export function bindOrFallbackSync(target, load, fallback) {
  try {
    target.bind(loadWasm(load));
  } catch (wasmError) {
    if (typeof fallback === 'string') return failed(target, wasmError, fallback, wasmError);
    try {
      target.bind(fallback().instantiate());
    } catch (e) {
      failed(target, wasmError, `its JavaScript build could not be loaded either (${text(e)})`, e);
    }
  }
}
