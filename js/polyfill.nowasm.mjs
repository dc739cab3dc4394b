// `import 'encoding-wasm/polyfill'` where the `react-native` or `no-wasm` entry is picked: installs
// its classes.

import * as lib from './index.nowasm.mjs';
import { installPolyfill } from './polyfill.mjs';

export const status = installPolyfill(lib);
