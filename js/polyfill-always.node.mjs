// `import 'encoding-wasm/polyfill/always'` where the `node` entry is picked: installs its classes
// in place of the runtime's, whatever those are (the API, once index.node.mjs has bound the wasm
// module).

import './index.node.mjs';
import * as lib from './index.mjs';
import { installPolyfill } from './node-bind.mjs';

export const status = installPolyfill(lib, 'always');
