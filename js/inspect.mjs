// Runtimes other than Node, Deno and Bun show objects their own way: no inspect method (see
// inspect.node.mjs, which scripts/build.mjs bundles in place of this file into those runtimes'
// entries).
export function defineNodeInspect() {}
