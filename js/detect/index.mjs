// The API of `encoding-wasm/detect`. Each of its entries (pkg/detect.<runtime>, made by
// scripts/build.mjs) loads the package's entry for that runtime first, whose TextDecoder and
// label lookup these use, and its own wasm module, the detector's (bind.mjs).

export { sniffHTML } from './sniff-html.mjs';
export { HTMLDecoderStream } from './html-decoder-stream.mjs';
export { repair } from './repair.mjs';
export { detect, Detector } from './detect.mjs';
