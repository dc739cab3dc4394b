// `import 'encoding-wasm/polyfill'` installs TextDecoder, TextEncoder, TextDecoderStream and
// TextEncoderStream on globalThis where missing, and replaces TextDecoder and TextDecoderStream
// where the runtime's get a label wrong or fail a self-test of their output;
// `import 'encoding-wasm/polyfill/always'` installs all four whatever the runtime has. Both export
// what they did.

/** What the polyfill did: each of the four classes is named in exactly one of the four lists. */
export declare const status: {
  readonly installed: ReadonlyArray<'TextDecoder' | 'TextEncoder' | 'TextDecoderStream' | 'TextEncoderStream'>;
  /** The runtime's (judged exact, or an existing TextEncoder or TextEncoderStream), or this package's already. */
  readonly kept: ReadonlyArray<'TextDecoder' | 'TextEncoder' | 'TextDecoderStream' | 'TextEncoderStream'>;
  /** Those the global object would not let it replace (a property neither configurable nor writable). */
  readonly refused: ReadonlyArray<'TextDecoder' | 'TextEncoder' | 'TextDecoderStream' | 'TextEncoderStream'>;
  /** Those not installed, the global left as it was, for `reason`. */
  readonly skipped: ReadonlyArray<'TextDecoder' | 'TextEncoder' | 'TextDecoderStream' | 'TextEncoderStream'>;
  /**
   * Why the classes in `skipped` were not installed (all four: no WebAssembly and no JavaScript
   * build could be loaded; the two stream classes: the runtime has no TransformStream), or null.
   */
  readonly reason: string | null;
};
