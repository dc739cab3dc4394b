// `import 'encoding-wasm/polyfill'` where the `node` entry is picked: installs its classes (the
// API, once index.node.mjs has bound the wasm module).

import './index.node.mjs';
import * as lib from './index.mjs';
import { installPolyfill } from './node-bind.mjs';

export const status = installPolyfill(lib);
