import './unset-globals.js';
import 'encoding-wasm/polyfill';
import { polyfillText } from './check.js';
import { show } from './show.js';

show(polyfillText());
