// Node's full entries (index.node.mjs, index.cjs) load each family's module the first time one of
// its encodings is asked for: this registers that, given how to read the module's bytes. A read
// that fails (a file missing from the installed package) is an Error naming the module, with the
// file's error; it is tried again next time.

import { instantiate } from './glue.mjs';
import { bindLater, bindWasm } from './wasm.mjs';

export function bindFamilyLater(name, read) {
  bindLater(name, () => {
    let bytes;
    try {
      bytes = read();
    } catch (e) {
      throw new Error(`encoding-wasm: the ${name} module cannot be read: ${e.message}`, { cause: e });
    }
    bindWasm(instantiate(new WebAssembly.Module(bytes)));
  });
}
