// What the Node entries (index.node.mjs, polyfill.node.mjs and the lite and add-on Node entries)
// need besides the API: the glue's instantiate, bindWasm and bindLater, installPolyfill (and, for
// tests, boundModules and baseModule). With the
// API (index.mjs) it is bundled by scripts/build.mjs into pkg/node-bind.mjs, pkg/node-api.mjs
// and their shared pkg/node-shared.mjs: three modules for Node to resolve and compile at start-up
// instead of a dozen.

export { instantiate } from './glue.mjs';
export { baseModule, bindLater, bindWasm, boundModules } from './wasm.mjs';
export { installPolyfill } from './polyfill.mjs';
