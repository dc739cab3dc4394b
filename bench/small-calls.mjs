// Small calls through one build of the package, in a fresh process: ns per 64-byte GBK and
// Shift_JIS decode and per `new TextDecoder('gbk')` plus a decode, best of 7 rounds of 100,000.
// Four families are used first (several wasm modules behind the call sites), as in a real app.
// Compare builds by alternating processes:
//   for i in 1 2 3; do for p in old/pkg/index.node.mjs pkg/index.node.mjs; do
//     node bench/small-calls.mjs $p; done; done
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const lib = await import(pathToFileURL(resolve(process.argv[2] ?? 'pkg/index.node.mjs')).href);
const bytes = (f) => Uint8Array.from({ length: 64 }, (_, i) => f(i));
const gbk = bytes((i) => (i % 2 ? 0xa1 + (i % 50) : 0xb0 + (i % 30)));
const sjis = bytes((i) => (i % 2 ? 0x40 + (i % 60) : 0x88 + (i % 20)));
const cyrillic = bytes((i) => 0xc0 + (i % 60));
for (const [label, input] of [
  ['windows-1251', cyrillic],
  ['gbk', gbk],
  ['shift_jis', sjis],
  ['euc-kr', gbk],
]) {
  for (let i = 0; i < 2000; i++) new lib.TextDecoder(label).decode(input);
}

function ns(fn, n = 100_000) {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) fn();
    best = Math.min(best, ((performance.now() - t) * 1e6) / n);
  }
  return Math.round(best);
}

const dGbk = new lib.TextDecoder('gbk');
const dSjis = new lib.TextDecoder('shift_jis');
console.log(
  JSON.stringify({
    gbkDecode: ns(() => dGbk.decode(gbk)),
    sjisDecode: ns(() => dSjis.decode(sjis)),
    gbkConstruct: ns(() => new lib.TextDecoder('gbk').decode(gbk)),
  }),
);
