// What the Node entries (index.node.mjs, polyfill.node.mjs and the lite and add-on Node entries)
// need besides the API: the glue's instantiate, bindOrFallback, bindFamilyLater, installPolyfill (and,
// for tests, boundModules and baseModule). scripts/build.mjs bundles it with the entries: their
// shared code goes into pkg/node-shared.mjs, and pkg/node-bind.mjs re-exports from it (the
// tests' way into the registry the entries use).

export { instantiate } from './glue.mjs';
export { baseModule, bindLater, bindWasm, boundModules } from './wasm.mjs';
export { bindOrFallback } from './fallback.mjs';
export { bindFamilyLater } from './node-families.mjs';
export { installPolyfill } from './polyfill.mjs';
