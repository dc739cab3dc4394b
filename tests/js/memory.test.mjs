// Wasm memory stays bounded: objects allocate nothing in wasm, streaming state is kept in JS (a
// stream dropped mid-way holds no wasm memory, with or without a GC), big inputs go in pieces
// (inspect() too) through buffers the next call reuses, rejected labels are not kept, a too-long
// result is one RangeError on every path, and a freed wasm object is an error rather than a
// dangling pointer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as lib from 'encoding-wasm';
import { baseModule, boundModules } from '../../pkg/node-bind.mjs'; // the entry's registry

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
// Every wasm module the entry binds (Node's loads a family's on first use: all of them now).
for (const label of ['shift_jis', 'gbk', 'big5', 'euc-kr']) new lib.TextDecoder(label);
const memories = boundModules().map((m) => m.W.memory);
assert.equal(memories.length, 5);
const { CoreTextDecoder } = baseModule();
const MiB = 1 << 20;
const size = () => memories.reduce((n, memory) => n + memory.buffer.byteLength, 0);

async function collect() {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('a million TextDecoder objects created and dropped', () => {
  lib.TextDecoder && new lib.TextDecoder('windows-1252').decode(new Uint8Array(64));
  const before = size();
  const bytes = new Uint8Array([0x80, 0x41]);
  for (let i = 0; i < 1e6; i++) {
    const d = new lib.TextDecoder(i % 2 ? 'windows-1252' : 'utf-16le');
    if (i % 1000 === 0) d.decode(bytes);
  }
  assert.equal(size(), before);
});

test('a million small decode calls', () => {
  const input = new Uint8Array(64).map((_, i) => 0x20 + i);
  const d1252 = new lib.TextDecoder('windows-1252');
  const d16 = new lib.TextDecoder('utf-16be');
  d1252.decode(input);
  d16.decode(input);
  const before = size();
  let n = 0;
  for (let i = 0; i < 5e5; i++) {
    n += d1252.decode(input).length + d16.decode(input, { stream: i % 2 === 0 }).length;
  }
  assert.equal(n, 5e5 * (64 + 32));
  assert.equal(size(), before);
});

test('streams run to completion or dropped mid-way leave wasm memory as it was', async () => {
  const chunk = new Uint8Array([0x41, 0x00, 0x3d]);
  // Warm up, then run thousands of streams to completion.
  const before = size();
  for (let i = 0; i < 5000; i++) {
    const s = new lib.TextDecoderStream('utf-16le');
    const w = s.writable.getWriter();
    const r = s.readable.getReader();
    w.write(chunk);
    w.close();
    let text = '';
    for (;;) {
      const { value, done } = await r.read();
      if (done) break;
      text += value;
    }
    assert.equal(text, 'A\uFFFD');
  }
  assert.ok(size() - before <= MiB, `grew by ${size() - before}`);
  // Decoders dropped mid-stream, with GCs now and then.
  const start = size();
  for (let round = 0; round < 8; round++) {
    for (let i = 0; i < 50000; i++) new lib.TextDecoder('utf-16le').decode(chunk, { stream: true });
    await collect();
  }
  assert.ok(size() - start <= 4 * MiB, `grew by ${(size() - start) / MiB} MiB over 400000 dropped streaming decoders`);
});

// No GC runs in a synchronous loop (nor does a FinalizationRegistry's callback), so these measure
// what a stream dropped mid-way holds in wasm: nothing.
test('a million streams dropped mid-way in one synchronous loop, without a GC', () => {
  const cases = {
    // gb18030 first set.
    'gb18030 decoders': () => new lib.TextDecoder('gb18030').decode(new Uint8Array([0x81]), { stream: true }),
    // jis0208 state, leading byte set.
    'ISO-2022-JP decoders': () =>
      new lib.TextDecoder('iso-2022-jp', { fatal: true }).decode(new Uint8Array([0x1b, 0x24, 0x42, 0x30]), {
        stream: true,
      }),
    // A leading surrogate pending, UTF-16LE's BOM split.
    'UTF-16LE decoders': () => new lib.TextDecoder('utf-16le').decode(new Uint8Array([0xff]), { stream: true }),
    // jis0208 state, a leading surrogate pending.
    'ISO-2022-JP LegacyEncoders': () => new lib.LegacyEncoder('iso-2022-jp').encode('\u4E9C\uD83D', { stream: true }),
    'gbk LegacyEncoders': () => new lib.LegacyEncoder('gbk').encode('\uD83D', { stream: true }),
  };
  for (const [what, drop] of Object.entries(cases)) {
    const before = size();
    for (let i = 0; i < 1e6; i++) drop();
    const grown = size() - before;
    assert.ok(grown < 16 * MiB, `${what}: wasm memory grew by ${grown / MiB} MiB`);
  }
});

test('a 256 MiB input decodes and encodes through bounded wasm memory', () => {
  const n = 256 * MiB;
  const input = new Uint8Array(n);
  for (let i = 0; i < n; i += 4096) input.fill(0x41 + ((i / 4096) % 26), i, i + 4096);
  input[n - 1] = 0x80;
  const text = new lib.TextDecoder('windows-1252').decode(input);
  assert.equal(text.length, n);
  assert.equal(text.charCodeAt(4096), 0x42);
  assert.equal(text.charCodeAt(n - 1), 0x20ac);
  const bytes = lib.encode(text, 'windows-1252');
  assert.equal(bytes.length, n);
  assert.equal(bytes[n - 1], 0x80);
  assert.equal(bytes[4096 * 27], 0x42);
  assert.ok(size() <= 64 * MiB, `wasm memory is ${size() / MiB} MiB`);
});

test('inspect() of a 64 MiB input runs in pieces through bounded wasm memory', () => {
  const n = 64 * MiB;
  const input = new Uint8Array(n).fill(0x61);
  for (let i = 0; i < n; i += MiB) input[i] = 0xff;
  const r = lib.inspect(input, 'shift_jis');
  assert.equal(r.text.length, n);
  assert.equal(r.errors.length, 64);
  assert.deepEqual(r.errors[63], { byteStart: 63 * MiB, byteEnd: 63 * MiB + 1, textIndex: 63 * MiB });
  assert.ok(size() <= 64 * MiB, `wasm memory is ${size() / MiB} MiB`);
});

test('inspect() of 20 MB of garbage: a bounded list, little memory', async () => {
  await collect();
  const rss = process.memoryUsage.rss();
  const input = new Uint8Array(20e6).fill(0x80);
  const r = lib.inspect(input, 'utf-8');
  assert.deepEqual([r.errors.length, r.errorCount, r.truncated], [10_000, 20e6, true]);
  const grown = process.memoryUsage.rss() - rss;
  // The text itself (20 million U+FFFD, 40 MB) is most of it.
  assert.ok(grown < 100 * MiB, `RSS grew by ${(grown / MiB).toFixed(1)} MiB`);
  assert.ok(size() <= 64 * MiB, `wasm memory is ${size() / MiB} MiB`);
});

// After the tests of total size above: this one grows gbk's module by 26 MiB.
test('a large encode() or inspect() grows wasm memory once; the next such call reuses it', () => {
  const cjk = String.fromCharCode(...Array.from({ length: 4096 }, (_, i) => 0x4e00 + ((i * 7) % 0x5000)));
  const text = cjk.repeat(Math.ceil(3.5e6 / cjk.length)).slice(0, 3.5e6);
  const ff = new Uint8Array(5 * MiB).fill(0xff);
  const calls = {
    'encode() of 3.5M code units into gbk, html mode': () => lib.encode(text, 'gbk'),
    'inspect() of 5 MiB of 0xFF as shift_jis': () => lib.inspect(ff, 'shift_jis'),
  };
  for (const [what, call] of Object.entries(calls)) {
    const before = size();
    call();
    const first = size() - before;
    call();
    // README ("### Memory") gives the figures: 26 MiB and 1.6 MiB.
    assert.ok(first <= 32 * MiB, `${what}: wasm memory grew by ${first / MiB} MiB`);
    assert.equal(size() - before, first, `${what}: the second call grew wasm memory`);
  }
});

test('rejected labels of millions of characters are not kept alive', async () => {
  await collect();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 20; i++) {
    assert.throws(() => new lib.TextDecoder(`${i}`.padEnd(20e6, 'x')), RangeError);
    assert.equal(lib.getEncoding(`${i}`.padEnd(20e6, ' ')), null);
  }
  await collect();
  const grown = process.memoryUsage().heapUsed - before;
  assert.ok(grown < 32 * MiB, `the heap grew by ${grown / MiB} MiB`);
});

test('a result longer than the longest string is the same RangeError on every path', () => {
  // 1 GiB of 0x61: 2^30 code units as UTF-8, Shift_JIS or windows-1251, 2^29 as UTF-16LE; V8's
  // limit is 2^29 - 24.
  const input = new Uint8Array(1 << 30).fill(0x61);
  const message = /^The decoded text is too long for a JavaScript string\.$/;
  const paths = {
    'utf-8 (native below 256 MiB)': () => new lib.TextDecoder().decode(input),
    'utf-8 stream (native, in pieces)': () => new lib.TextDecoder().decode(input, { stream: true }),
    'utf-16le (ucs2Slice below 256 MiB)': () => new lib.TextDecoder('utf-16le').decode(input),
    'utf-16le stream (native)': () => new lib.TextDecoder('utf-16le').decode(input, { stream: true }),
    'shift_jis (wasm)': () => new lib.TextDecoder('shift_jis').decode(input),
    'windows-1251 (native single-byte below 256 MiB)': () => new lib.TextDecoder('windows-1251').decode(input),
    'decode()': () => lib.decode(input, 'gbk'),
  };
  for (const [what, fn] of Object.entries(paths)) {
    assert.throws(fn, (e) => e instanceof RangeError && message.test(e.message), what);
  }
  // The decoders still work.
  assert.equal(new lib.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])), '\u3042');
});

test('a freed wasm object is an error, not a dangling pointer; the library goes on', () => {
  // The decode hook's decoder and an inspector (flags PLAIN and INSPECT of flag_bits()).
  baseModule().W.flag_bits();
  for (const flags of [baseModule().result(2), baseModule().result(3)]) {
    const o = CoreTextDecoder.create(0, flags);
    o.free();
    const freed = (e) => !(e instanceof WebAssembly.RuntimeError) && /null pointer/.test(e.message);
    assert.throws(() => o.decode(0, true), freed);
    assert.throws(() => o.free(), freed, 'a second free');
  }
  assert.equal(new lib.TextDecoder('gbk').decode(new Uint8Array([0x81, 0x40]), { stream: true }), '\u4E02');
});
