// `import 'encoding-wasm/polyfill'` where the `workerd` entry is picked: installs its classes.

import * as lib from './index.workerd.mjs';
import { installPolyfill } from './polyfill.mjs';

export const status = installPolyfill(lib);
