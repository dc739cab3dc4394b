// require('encoding-wasm/polyfill/always') in a browser bundle: this package's classes in place of
// the runtime's, whatever those are.
'use strict';
exports.status = require('./api.cjs').installPolyfill(require('./index.inline.cjs'), 'always');
