// The runtime-neutral cases again with no native TextDecoder/TextEncoder (as in some embedded
// runtimes), so UTF-8, string building and encodeInto go through the wasm and JS fallbacks.
import { test } from 'node:test';
import { readdirSync } from 'node:fs';
import { runCase } from './run-case.mjs';

delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
const lib = await import('encoding-wasm');

const dir = new URL('./shared/', import.meta.url);
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.cases.mjs'))
  .sort()) {
  const { default: cases } = await import(new URL(file, dir));
  test(`${file} without native TextDecoder/TextEncoder`, async (t) => {
    for (const [name, fn] of cases) await t.test(name, (t) => runCase(t, fn, lib));
  });
}
