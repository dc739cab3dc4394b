// require('encoding-wasm/polyfill') in a browser bundle.
'use strict';
require('./api.cjs').installPolyfill(require('./index.inline.cjs'));
