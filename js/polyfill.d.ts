// `import 'encoding-wasm/polyfill'` installs TextDecoder, TextEncoder, TextDecoderStream and
// TextEncoderStream on globalThis where missing, and replaces TextDecoder and TextDecoderStream
// where the runtime's get a label wrong or fail a self-test of their output;
// `import 'encoding-wasm/polyfill/always'` installs all four whatever the runtime has. Neither has
// exports.
export {};
