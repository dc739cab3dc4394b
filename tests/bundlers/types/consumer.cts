// The same package from CommonJS (node16/nodenext resolve its `require` types).
import lib = require('encoding-wasm');
import 'encoding-wasm/polyfill';

const text: string = new lib.TextDecoder('big5').decode(new Uint8Array([0xa4, 0x40]));
const bytes: Uint8Array = lib.encode(text, 'big5');

export = [text, bytes];
