// require() of the package in a browser bundle.
const { encode, TextDecoder } = require('encoding-wasm');

const text = `Shift_JIS: ${new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0, 0x93, 0xfa, 0x96, 0x7b]))} | EUC-JP: ${Array.from(encode('日本', 'euc-jp'), (b) => b.toString(16).padStart(2, '0')).join(' ')}`;
const out = document.createElement('p');
out.id = 'out';
out.textContent = text;
document.body.append(out);
