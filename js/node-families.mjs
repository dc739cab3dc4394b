// Node's full entries (index.node.mjs, index.cjs) load each family's module the first time one of
// its encodings is asked for: this registers that, given how to read the module's bytes. A module
// that cannot be read or compiled (a file missing from the installed package, or damaged) is an
// Error naming the module, with the cause; it is tried again next time.

import { instantiate } from './glue.mjs';
import { bindLater, bindWasm } from './wasm.mjs';

export function bindFamilyLater(name, read) {
  bindLater(name, () => {
    let module;
    try {
      module = new WebAssembly.Module(read());
    } catch (e) {
      throw new Error(`encoding-wasm: the ${name} module cannot be loaded: ${e.message}`, { cause: e });
    }
    bindWasm(instantiate(module));
  });
}
