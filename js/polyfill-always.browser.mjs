// `import 'encoding-wasm/polyfill/always'` where the `browser` entry is picked: installs its classes
// in place of the runtime's, whatever those are.

import * as lib from './index.browser.mjs';
import { installPolyfill } from './polyfill.mjs';

export const status = installPolyfill(lib, 'always');
