// `import 'encoding-wasm/polyfill'` installs TextDecoder, TextEncoder, TextDecoderStream and
// TextEncoderStream on globalThis where missing or unable to handle every label. It has no exports.
export {};
