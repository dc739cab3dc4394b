// The package's public API. Each entry (index.<runtime>.mjs, index.cjs) instantiates the wasm
// module and passes it to bindWasm() (wasm.mjs) before it re-exports this module.

export { TextDecoder } from './text-decoder.mjs';
export { TextEncoder } from './text-encoder.mjs';
export { TextDecoderStream, TextEncoderStream } from './streams.mjs';
export { encode, getEncoding, decode, LegacyEncoder, inspect, encodings } from './extensions.mjs';
export { LegacyEncoderStream } from './legacy-encoder-stream.mjs';
