// require('encoding-wasm/polyfill') in a browser bundle.
'use strict';
exports.status = require('./api.cjs').installPolyfill(require('./index.inline.cjs'));
