import './unset-globals.js';
import 'encoding-wasm/polyfill';
import { polyfillText } from './check.js';

console.log(polyfillText());
