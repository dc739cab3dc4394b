// The script bench/engines.mjs bundles for Hermes: the measuring loop over both libraries, with
// the corpora inlined (CASES, written to bench/corpus/ by engines.mjs), printing JSON rows.
import { TextDecoder as Exodus } from '@exodus/bytes/encoding.js';
import { TextDecoder as Ours } from 'encoding-wasm';
import { measure } from './engine-core.mjs';
import CASES from './corpus/engine-cases.json';

function fromBase64(s) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const value = new Uint8Array(128);
  for (let i = 0; i < 64; i++) value[alphabet.charCodeAt(i)] = i;
  const clean = s.replace(/=+$/, '');
  const out = new Uint8Array((clean.length * 3) >> 2);
  for (let i = 0, j = 0; i < clean.length; i += 4) {
    const n =
      (value[clean.charCodeAt(i)] << 18) |
      (value[clean.charCodeAt(i + 1)] << 12) |
      (value[clean.charCodeAt(i + 2)] << 6) |
      value[clean.charCodeAt(i + 3)];
    out[j++] = n >> 16;
    if (j < out.length) out[j++] = (n >> 8) & 0xff;
    if (j < out.length) out[j++] = n & 0xff;
  }
  return out;
}

const classes = (name, TD) => ({
  name,
  make(label) {
    const d = new TD(label);
    return (b) => d.decode(b);
  },
});

const cases = CASES.map((c) => ({ ...c, bytes: fromBase64(c.bytes) }));
const rows = measure([classes('js build', Ours), classes('@exodus/bytes', Exodus)], cases, () => Date.now());
print(JSON.stringify(rows));
