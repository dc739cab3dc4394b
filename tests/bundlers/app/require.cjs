// require() of the package and of its polyfill in a browser bundle, the native classes removed
// first: the page's text comes from the polyfill's TextDecoder and the package's encode().
for (const name of ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']) delete globalThis[name];
require('encoding-wasm/polyfill');
const { encode } = require('encoding-wasm');

const sjis = new globalThis.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0, 0x93, 0xfa, 0x96, 0x7b]));
const eucjp = Array.from(encode('日本', 'euc-jp'), (b) => b.toString(16).padStart(2, '0')).join(' ');
const out = document.createElement('p');
out.id = 'out';
out.textContent = `Shift_JIS: ${sjis} | EUC-JP: ${eucjp}`;
document.body.append(out);
