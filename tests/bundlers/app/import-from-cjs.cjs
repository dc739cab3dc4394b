// import() of the package from CommonJS in Node, and require() beside it.
const { getEncoding } = require('encoding-wasm');

import('encoding-wasm').then(({ encode, TextDecoder }) => {
  const sjis = new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0, 0x93, 0xfa, 0x96, 0x7b]));
  const eucjp = Array.from(encode('日本', 'euc-jp'), (b) => b.toString(16).padStart(2, '0')).join(' ');
  console.log(`Shift_JIS: ${sjis} | EUC-JP: ${eucjp} | ${getEncoding('sjis')}`);
});
