// The package's API, bundled by scripts/build.mjs into pkg/core.mjs and pkg/core.cjs; the
// per-runtime entries in js/entries/ load the wasm module and call bindWasm() first.

export { bindWasm } from './wasm.mjs';
export { TextDecoder } from './text-decoder.mjs';
export { TextEncoder } from './text-encoder.mjs';
export { TextDecoderStream, TextEncoderStream } from './streams.mjs';
export { encode, getEncoding, decode, LegacyEncoder, inspect, encodings } from './extensions.mjs';
export { LegacyEncoderStream } from './legacy-encoder-stream.mjs';
export { installPolyfill } from './polyfill.mjs';
