// An add-on (`encoding-wasm/japanese`, `/chinese-simplified`, `/chinese-traditional`, `/korean`):
// imported for its effect, it makes its family's encodings available to the classes and functions
// of `encoding-wasm/lite` once the import has resolved. It exports nothing.
export {};
