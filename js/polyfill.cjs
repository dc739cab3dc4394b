// require('encoding-wasm/polyfill') in Node and Bun.
'use strict';
require('./api.cjs').installPolyfill(require('./index.cjs'));
