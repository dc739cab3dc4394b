// `import 'encoding-wasm/polyfill'` where the `inline` entry is picked: installs its classes.

import * as lib from './index.inline.mjs';
import { installPolyfill } from './polyfill.mjs';

export const status = installPolyfill(lib);
