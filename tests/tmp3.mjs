import * as lib from 'encoding-wasm';
const N = globalThis.TextDecoder;
function bench(f, iters) { for (let i = 0; i < Math.min(iters, 1000); i++) f(); const t = performance.now(); for (let i = 0; i < iters; i++) f(); return (performance.now() - t) / iters; }
const small = new Uint8Array(64).map((_, i) => i % 2 ? 0x41 + i % 26 : 0xC0 + i % 32);
const big = new Uint8Array(1 << 20).map((_, i) => i % 3 ? 0x61 + i % 26 : 0xE0 + i % 31);
const asciiBig = new Uint8Array(1 << 20).fill(0x61);
const asciiSmall = new Uint8Array(64).fill(0x61);
for (const [label, input, iters] of [['windows-1251', small, 200000], ['windows-1251', asciiSmall, 200000], ['windows-1251', big, 200], ['utf-16le', big, 200], ['utf-8', asciiBig, 500], ['utf-8', small, 200000]]) {
  const ours = new lib.TextDecoder(label), nat = new N(label);
  const a = bench(() => ours.decode(input), iters), b = bench(() => nat.decode(input), iters);
  console.log(label, input.length, 'ours', (a * 1e3).toFixed(2), 'us native', (b * 1e3).toFixed(2), 'us ratio(native/ours)', (b / a).toFixed(2));
}
const s = 'héllo wörld '.repeat(100000);
const te = new lib.TextEncoder(), nte = new globalThis.TextEncoder();
console.log('encode ratio', (bench(() => nte.encode(s), 100) / bench(() => te.encode(s), 100)).toFixed(2));
console.log('encode small ratio', (bench(() => nte.encode('hello'), 1e5) / bench(() => te.encode('hello'), 1e5)).toFixed(2));
