// `import 'encoding-wasm/polyfill/always'` where the `react-native` or `no-wasm` entry is picked:
// installs its classes in place of the runtime's, whatever those are.

import * as lib from './index.nowasm.mjs';
import { installPolyfill } from './polyfill.mjs';

export const status = installPolyfill(lib, 'always');
