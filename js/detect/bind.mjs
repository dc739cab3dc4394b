// The detector's own wasm module (Cargo's `detect` feature, src/wasm/detect.rs), bound by the
// detect entries. scripts/build.mjs makes each runtime's entry from the same template as an
// add-on's (js/template.node.mjs, js/index.browser.mjs …), this file standing in for the ones that
// bind an encoding module (fallback.mjs, wasm.mjs, node-bind.mjs, api.cjs): the detector's module
// serves no encoding, so it is kept here, apart from the encodings' registry, and the main entry
// never loads it.

export { instantiate } from '../glue.mjs';

// What glue.mjs's instantiate(module) (or a wasm2js module's instantiate()) returned, once bound.
let detector = null;
// Why it could not be bound, or null.
let failure = null;

const text = (e) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

export function bindWasm(instance) {
  if (typeof instance?.exports?.detector_new !== 'function') {
    throw new Error("encoding-wasm/detect: bindWasm() needs the detector module's instance.");
  }
  detector = instance;
}

// As fallback.mjs does for an encoding module: `load()`, unless there is no WebAssembly (it could
// only fail, after fetching its module for nothing); where that fails, the JavaScript build
// `fallback()` imports, or, where the entry has none, the sentence `fallback` saying what to do.
function loadWasm(load) {
  if (typeof WebAssembly !== 'object') throw new ReferenceError('WebAssembly is not defined');
  return load();
}

function failed(wasmError, then, cause) {
  const why = typeof WebAssembly !== 'object' ? 'this runtime has no WebAssembly' : text(wasmError);
  failure = { message: `encoding-wasm/detect cannot run: its module could not be loaded (${why}); ${then}.`, cause };
}

export async function bindOrFallback(load, fallback) {
  try {
    bindWasm(await loadWasm(load));
  } catch (wasmError) {
    if (typeof fallback === 'string') return failed(wasmError, fallback, wasmError);
    try {
      bindWasm((await fallback()).instantiate());
    } catch (e) {
      failed(wasmError, `its JavaScript build could not be loaded either (${text(e)})`, e);
    }
  }
}

export function bindOrFallbackSync(load, fallback) {
  try {
    bindWasm(loadWasm(load));
  } catch (wasmError) {
    if (typeof fallback === 'string') return failed(wasmError, fallback, wasmError);
    try {
      bindWasm(fallback().instantiate());
    } catch (e) {
      failed(wasmError, `its JavaScript build could not be loaded either (${text(e)})`, e);
    }
  }
}

// The bound instance ({ exports, wasm2js? }); an Error saying why where there is none.
export function detectorInstance() {
  if (detector === null) {
    if (failure !== null) throw new Error(failure.message, { cause: failure.cause });
    throw new Error('encoding-wasm/detect: the detector module is not instantiated.');
  }
  return detector;
}
