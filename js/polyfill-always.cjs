// require('encoding-wasm/polyfill/always') in Node and Bun: this package's classes in place of the
// runtime's, whatever those are.
'use strict';
exports.status = require('./api.cjs').installPolyfill(require('./index.cjs'), 'always');
