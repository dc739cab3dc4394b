// require() of the package and its polyfill in a bundle for Node, the runtime's classes removed
// first.
for (const name of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']) delete globalThis[name];
require('encoding-wasm/polyfill');
const { encode } = require('encoding-wasm');

const sjis = new globalThis.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0, 0x93, 0xfa, 0x96, 0x7b]));
const eucjp = Array.from(encode('日本', 'euc-jp'), (b) => b.toString(16).padStart(2, '0')).join(' ');
console.log(`Shift_JIS: ${sjis} | EUC-JP: ${eucjp}`);
