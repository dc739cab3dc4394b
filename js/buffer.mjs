// Runtimes without Node's Buffer: none of the fast paths of buffer.node.mjs, which scripts/build.mjs
// bundles in place of this file into Node's entries (and Deno's and Bun's).

export const ucs2Slice = null;
export const ucs2Write = null;
export const utf16LeWhole = null;
export const EXTERNAL = 0;
export const windows1252Latin1 = null;
export const nodeView = () => null;
export const utf16Bytes = () => null;
