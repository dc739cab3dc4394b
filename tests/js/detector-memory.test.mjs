// Many live detectors (src/wasm/detect.rs: a handle each, about 3 KB of state in the module's
// memory). Growing a wasm memory is slow however little it grows (about a millisecond a page in
// V8; wasm2js copies the whole heap), so the allocator (src/wasm/alloc.rs) grows it by a share of
// its size, not by the page or two a new block needs: making N detectors grows it O(log N) times,
// where it once grew every sixteen detectors (20,000 took seconds in V8, quadratic time in
// wasm2js). Counted by the module's memory.buffer, a new ArrayBuffer after each growth.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { instantiate } from '../../pkg/glue.mjs';
import { instantiate as instantiateJs } from '../../pkg/detect_bg.wasm2js.mjs';

const COUNT = 20_000;

// How many times the memory of `instance` (a fresh detector module) grows while COUNT detectors
// are made, and the number of bytes they take in all.
function growths(instance) {
  const W = instance.exports;
  const start = W.memory.buffer.byteLength;
  let buffer = W.memory.buffer;
  let grown = 0;
  const handles = new Set();
  for (let i = 0; i < COUNT; i++) {
    handles.add(W.detector_new());
    if (W.memory.buffer !== buffer) {
      buffer = W.memory.buffer;
      grown++;
    }
  }
  assert.equal(handles.size, COUNT, 'every live detector has a handle of its own');
  return { grown, bytes: buffer.byteLength - start };
}

for (const [build, make] of [
  [
    'WebAssembly',
    () => instantiate(new WebAssembly.Module(readFileSync(new URL('../../pkg/detect_bg.wasm', import.meta.url)))),
  ],
  ['wasm2js', instantiateJs],
]) {
  test(`${build}: ${COUNT} live detectors grow the memory a few dozen times, not once per page`, () => {
    const { grown, bytes } = growths(make());
    // At least 3 KB each; an eighth more each growth goes from 1 MiB to 60 MiB in about 35.
    assert.ok(bytes >= COUNT * 3000, `${bytes} bytes`);
    assert.ok(grown <= 50, `the memory grew ${grown} times`);
  });
}
