// The detector's own wasm module (Cargo's `detect` feature, src/wasm/detect.rs), bound by the
// detect entries. scripts/build.mjs makes each runtime's entry from the same template as an
// add-on's (js/template.node.mjs, js/index.browser.mjs …), this file standing in for the ones that
// bind an encoding module (fallback.mjs, wasm.mjs, node-bind.mjs, api.cjs): the detector's module
// serves no encoding, so it is kept here, apart from the encodings' registry, and the main entry
// never loads it.

import * as binders from '../binders.mjs';

export { instantiate } from '../glue.mjs';

// What glue.mjs's instantiate(module) (or a wasm2js module's instantiate()) returned, once bound.
let detector = null;
// Why it could not be bound, or null.
let failure = null;

export function bindWasm(instance) {
  if (typeof instance?.exports?.detector_new !== 'function') {
    throw new Error("encoding-wasm/detect: bindWasm() needs the detector module's instance.");
  }
  detector = instance;
}

// As an encoding module is bound (../fallback.mjs): its wasm2js build where WebAssembly fails.
const detectorModule = {
  name: 'encoding-wasm/detect',
  bind: bindWasm,
  fail(message, cause) {
    failure = { message, cause };
  },
};

export const bindOrFallback = (load, fallback) => binders.bindOrFallback(detectorModule, load, fallback);
export const bindOrFallbackSync = (load, fallback) => binders.bindOrFallbackSync(detectorModule, load, fallback);

// The bound instance ({ exports, wasm2js? }); an Error saying why where there is none.
export function detectorInstance() {
  if (detector === null) {
    if (failure !== null) throw new Error(failure.message, { cause: failure.cause });
    throw new Error('encoding-wasm/detect: the detector module is not instantiated.');
  }
  return detector;
}
