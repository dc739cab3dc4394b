// `import 'encoding-wasm/polyfill'` where the `node` entry is picked: installs its classes.

import * as lib from './index.node.mjs';
import { installPolyfill } from './node-bind.mjs';

installPolyfill(lib);
