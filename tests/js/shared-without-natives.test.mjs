// The runtime-neutral cases again with no native TextDecoder/TextEncoder (as in some embedded
// runtimes), so UTF-8, string building and encodeInto go through the wasm and JS fallbacks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { runCase } from './run-case.mjs';

delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
const lib = await import('encoding-wasm');
const { baseModule } = await import('../../pkg/node-bind.mjs'); // the entry's registry

// First, before the cases below grow wasm memory: a long string goes through the core's UTF-8
// encoder in pieces, so memory grows by a few pieces, not by the string.
test('TextEncoder: 64 M code units encode through bounded wasm memory', () => {
  const n = 64 * 1024 * 1024;
  const bytes = new lib.TextEncoder().encode(`${'a'.repeat(n - 1)}\u00E9`);
  assert.equal(bytes.length, n + 1);
  assert.deepEqual([bytes[0], bytes[n - 2], bytes[n - 1], bytes[n]], [0x61, 0x61, 0xc3, 0xa9]);
  const size = baseModule().W.memory.buffer.byteLength;
  assert.ok(size <= 32 * 1024 * 1024, `wasm memory is ${size / (1024 * 1024)} MiB`);
});

const dir = new URL('./shared/', import.meta.url);
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.cases.mjs'))
  .sort()) {
  const { default: cases } = await import(new URL(file, dir));
  test(`${file} without native TextDecoder/TextEncoder`, async (t) => {
    for (const [name, fn] of cases) await t.test(name, (t) => runCase(t, fn, lib));
  });
}
