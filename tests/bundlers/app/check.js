// What every page and Node bundle shows: Shift_JIS decoded and EUC-JP encoded by the package's
// main entry. The expected text is written out in run.mjs.
import { encode, TextDecoder } from 'encoding-wasm';

// あ日本 in Shift_JIS.
const SHIFT_JIS = new Uint8Array([0x82, 0xa0, 0x93, 0xfa, 0x96, 0x7b]);
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

export function mainText() {
  return `Shift_JIS: ${new TextDecoder('shift_jis').decode(SHIFT_JIS)} | EUC-JP: ${hex(encode('日本', 'euc-jp'))}`;
}

// After `import 'encoding-wasm/polyfill'` with the globals removed first (unset-globals.js).
export function polyfillText() {
  const types = ['TextEncoder', 'TextDecoderStream', 'TextEncoderStream'].map((n) => typeof globalThis[n]).join(' ');
  return `polyfill Shift_JIS: ${new globalThis.TextDecoder('shift_jis').decode(SHIFT_JIS)} | ${types}`;
}
