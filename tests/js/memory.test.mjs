// Wasm memory stays bounded: objects allocate nothing in wasm unless mid-stream, streaming state
// is freed at the end (or by the FinalizationRegistry when dropped), big inputs go in pieces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as lib from 'encoding-wasm';
import { initSync } from '../../pkg/glue.mjs'; // the same module instance: returns its exports

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const memory = initSync().memory;
const MiB = 1 << 20;
const size = () => memory.buffer.byteLength;

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

test('streams that end free their state; dropped ones are freed by the registry', async () => {
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
  // Decoders dropped mid-stream hold wasm state until they are collected.
  const start = size();
  for (let round = 0; round < 8; round++) {
    for (let i = 0; i < 50000; i++) new lib.TextDecoder('utf-16le').decode(chunk, { stream: true });
    await collect();
  }
  assert.ok(size() - start <= 4 * MiB, `grew by ${(size() - start) / MiB} MiB over 400000 dropped streaming decoders`);
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
