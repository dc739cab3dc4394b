// Memory and streaming speed of one build of the package, one measurement per process:
//   node bench/stream-memory.mjs PKG_DIR CASE [N]
// CASE: speed (1 MiB of gb18030 through TextDecoder {stream: true} in 64 B and 4 KiB chunks:
// MB/s, best of 7), dropped-gb18030 / dropped-iso-2022-jp / dropped-encoder (N decoders or
// LegacyEncoders dropped mid-stream in one synchronous loop, no GC: seconds, wasm memory and RSS
// growth), encode (html-mode encode() of 3.5M code units of CJK into gbk and shift_jis, twice),
// inspect (inspect() of 5 MiB of 0xFF as utf-8, shift_jis and gbk, twice). Compare builds:
//   for c in speed dropped-gb18030 encode inspect; do
//     node bench/stream-memory.mjs /path/to/old/pkg $c; node bench/stream-memory.mjs pkg $c; done
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = resolve(process.argv[2] ?? 'pkg');
const which = process.argv[3] ?? 'speed';
const N = Number(process.argv[4] ?? 1e6);
const lib = await import(pathToFileURL(`${dir}/index.node.mjs`).href);
const { boundModules } = await import(pathToFileURL(`${dir}/node-bind.mjs`).href);
const MiB = 1 << 20;

// Every family's module bound, so that each one's memory is counted.
for (const label of ['shift_jis', 'gbk', 'big5', 'euc-kr']) new lib.TextDecoder(label).decode(new Uint8Array(1));
const wasm = () => boundModules().reduce((n, m) => n + m.W.memory.buffer.byteLength, 0);
const mib = (n) => +(n / MiB).toFixed(1);

// Runs `fn` and reports the time and how much wasm memory and RSS grew.
function measure(what, fn) {
  const [w, rss, t] = [wasm(), process.memoryUsage.rss(), performance.now()];
  fn();
  const s = (performance.now() - t) / 1000;
  const grown = { wasmMiB: mib(wasm() - w), rssMiB: mib(process.memoryUsage.rss() - rss) };
  console.log(JSON.stringify({ what, seconds: +s.toFixed(2), ...grown, wasmTotalMiB: mib(wasm()) }));
}

// 1 MiB of GBK two-byte characters (lead 0xB0-0xF7, trail 0xA1-0xFE).
const gbk = new Uint8Array(MiB);
for (let i = 0; i < MiB; i += 2) {
  gbk[i] = 0xb0 + ((i >> 1) % 72);
  gbk[i + 1] = 0xa1 + ((i >> 1) % 94);
}

function streamSpeed(size) {
  const d = new lib.TextDecoder('gb18030');
  let best = 0;
  for (let round = 0; round < 7; round++) {
    const t = performance.now();
    let n = 0;
    for (let at = 0; at < MiB; at += size) n += d.decode(gbk.subarray(at, at + size), { stream: true }).length;
    n += d.decode().length;
    if (n !== MiB / 2) throw new Error(`decoded ${n} characters`);
    best = Math.max(best, 1 / ((performance.now() - t) / 1000));
  }
  return +best.toFixed(1);
}

const cases = {
  speed() {
    streamSpeed(64);
    console.log(JSON.stringify({ what: 'gb18030 stream MiB/s', '64 B': streamSpeed(64), '4 KiB': streamSpeed(4096) }));
  },
  'dropped-gb18030'() {
    const byte = new Uint8Array([0x81]);
    measure(`${N} gb18030 decoders dropped mid-stream`, () => {
      for (let i = 0; i < N; i++) new lib.TextDecoder('gb18030').decode(byte, { stream: true });
    });
  },
  'dropped-iso-2022-jp'() {
    const jis0208 = new Uint8Array([0x1b, 0x24, 0x42, 0x30]);
    measure(`${N} ISO-2022-JP decoders dropped mid-stream`, () => {
      for (let i = 0; i < N; i++) new lib.TextDecoder('iso-2022-jp').decode(jis0208, { stream: true });
    });
  },
  'dropped-encoder'() {
    measure(`${N} LegacyEncoders (iso-2022-jp) dropped after a leading surrogate`, () => {
      for (let i = 0; i < N; i++) new lib.LegacyEncoder('iso-2022-jp').encode('\u4E9C\uD83D', { stream: true });
    });
  },
  encode() {
    const cjk = String.fromCharCode(...Array.from({ length: 4096 }, (_, i) => 0x4e00 + ((i * 7) % 0x5000)));
    const text = cjk.repeat(Math.ceil(3.5e6 / cjk.length)).slice(0, 3.5e6);
    for (const label of ['gbk', 'shift_jis']) {
      for (const round of [1, 2])
        measure(`encode() html, 3.5M code units into ${label}, call ${round}`, () => lib.encode(text, label));
    }
  },
  inspect() {
    const ff = new Uint8Array(5 * MiB).fill(0xff);
    for (const label of ['utf-8', 'shift_jis', 'gbk']) {
      for (const round of [1, 2])
        measure(`inspect() of 5 MiB of 0xFF as ${label}, call ${round}`, () => lib.inspect(ff, label));
    }
  },
};
cases[which]();
