// `import 'encoding-wasm/polyfill'` where the `browser` entry is picked: installs its classes.

import * as lib from './index.browser.mjs';
import { installPolyfill } from './polyfill.mjs';

export const status = installPolyfill(lib);
