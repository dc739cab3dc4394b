// `import 'encoding-wasm/polyfill'` installs TextDecoder, TextEncoder, TextDecoderStream and
// TextEncoderStream on globalThis where missing, and replaces TextDecoder and TextDecoderStream
// where the runtime's get a label wrong or fail a self-test of their output;
// `import 'encoding-wasm/polyfill/always'` installs all four whatever the runtime has. Both export
// what they did.

/** What the polyfill did: the classes it installed and kept, and why it installed none, if so. */
export declare const status: {
  readonly installed: ReadonlyArray<'TextDecoder' | 'TextEncoder' | 'TextDecoderStream' | 'TextEncoderStream'>;
  readonly kept: ReadonlyArray<'TextDecoder' | 'TextEncoder' | 'TextDecoderStream' | 'TextEncoderStream'>;
  /** Those the global object would not let it replace (a non-configurable property). */
  readonly refused: ReadonlyArray<'TextDecoder' | 'TextEncoder' | 'TextDecoderStream' | 'TextEncoderStream'>;
  /** Why nothing was installed (no WebAssembly and no JavaScript build could be loaded), or null. */
  readonly reason: string | null;
};
