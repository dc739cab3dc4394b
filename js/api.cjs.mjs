// The source of pkg/api.cjs: everything the CommonJS entries share (the API, the glue's
// instantiate, bindOrFallbackSync, bindFamilyLater and installPolyfill), bundled into one
// CommonJS module by esbuild.

export * from './index.mjs';
export { instantiate } from './glue.mjs';
export { bindOrFallbackSync } from './fallback.mjs';
export { bindFamilyLater } from './node-families.mjs';
export { installPolyfill } from './polyfill.mjs';
