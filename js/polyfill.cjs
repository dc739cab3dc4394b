// require('encoding-wasm/polyfill') in Node and Bun.
'use strict';
exports.status = require('./api.cjs').installPolyfill(require('./index.cjs'));
