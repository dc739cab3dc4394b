// What the lite page and Node bundle show: 'encoding-wasm/lite' with the Japanese add-on only.
// Shift_JIS decodes through the add-on, windows-1251 through lite itself, and Big5 (whose add-on
// is not imported) is the RangeError naming its import. The expected text is written out in
// run.mjs.
import { TextDecoder } from 'encoding-wasm/lite';
import 'encoding-wasm/japanese';

// あ日本 in Shift_JIS; Привет in windows-1251.
const SHIFT_JIS = new Uint8Array([0x82, 0xa0, 0x93, 0xfa, 0x96, 0x7b]);
const WINDOWS_1251 = new Uint8Array([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]);

export function liteText() {
  let big5;
  try {
    big5 = new TextDecoder('big5').encoding;
  } catch (e) {
    big5 = `${e.name}: ${e.message}`;
  }
  const sjis = new TextDecoder('sjis').decode(SHIFT_JIS);
  return `lite Shift_JIS: ${sjis} | windows-1251: ${new TextDecoder('windows-1251').decode(WINDOWS_1251)} | Big5: ${big5}`;
}
