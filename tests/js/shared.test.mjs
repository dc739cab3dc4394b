// Runs the runtime-neutral cases (tests/js/shared/*.cases.mjs) under node --test.
import { test } from 'node:test';
import { readdirSync } from 'node:fs';
import { runCase } from './run-case.mjs';
import * as lib from 'encoding-wasm';

const dir = new URL('./shared/', import.meta.url);
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.cases.mjs'))
  .sort()) {
  const { default: cases } = await import(new URL(file, dir));
  test(file, async (t) => {
    for (const [name, fn] of cases) await t.test(name, (t) => runCase(t, fn, lib));
  });
}
