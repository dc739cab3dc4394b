// A 64-byte decode with a reused TextDecoder, this package against Node's native one, for
// windows-1251, UTF-8, Shift_JIS and GBK: CPU time (user + system, from process.cpuUsage) per call,
// best of 15 rounds of 200,000, the two alternated in one process. CPU time rather than wall time:
// on a shared machine it leaves out the time other processes take the core. Compare builds by
// alternating processes:
//   for i in 1 2 3; do for p in old/pkg/index.node.mjs pkg/index.node.mjs; do
//     node bench/small-native.mjs $p; done; done
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const lib = await import(pathToFileURL(resolve(process.argv[2] ?? 'pkg/index.node.mjs')).href);
const bytes = (f) => Uint8Array.from({ length: 64 }, (_, i) => f(i));
const inputs = {
  'windows-1251': bytes((i) => 0xc0 + (i % 60)),
  'utf-8': new TextEncoder().encode('héllo wörld, ça va? ünïcödé text here ok'.padEnd(60, 'x')).subarray(0, 64),
  shift_jis: bytes((i) => (i % 2 ? 0x40 + (i % 60) : 0x88 + (i % 20))),
  gbk: bytes((i) => (i % 2 ? 0xa1 + (i % 50) : 0xb0 + (i % 30))),
};
const cells = [];
for (const [label, input] of Object.entries(inputs)) {
  const decoders = { ours: new lib.TextDecoder(label), native: new TextDecoder(label) };
  const best = { ours: Number.POSITIVE_INFINITY, native: Number.POSITIVE_INFINITY };
  for (let round = 0; round < 15; round++) {
    for (const [name, d] of Object.entries(decoders)) {
      const start = process.cpuUsage();
      for (let i = 0; i < 200_000; i++) d.decode(input);
      const { user, system } = process.cpuUsage(start);
      best[name] = Math.min(best[name], ((user + system) * 1000) / 200_000);
    }
  }
  cells.push(
    `${label} ${best.ours.toFixed(0)} ns, native ${best.native.toFixed(0)} ns (${(best.native / best.ours).toFixed(2)}×)`,
  );
}
console.log(cells.join(' | '));
