// Registers, under node --test, the lite entry's cases (tests/js/shared/lite.mjs: alone, then
// each add-on imported in turn) and then every shared case (*.cases.mjs) against `lib`, the lite
// entry's namespace, with every add-on loaded; `suffix` tags the test names. The calling test file
// must never import the full entry: it would make every encoding available to lite.
import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { runCase } from './run-case.mjs';
import liteCases, { ADDONS } from './shared/lite.mjs';

const standardEncodings = JSON.parse(readFileSync(new URL('../../indexes/encodings.json', import.meta.url), 'utf8'));
const load = (name) => import(`encoding-wasm/${name}`);

export async function registerLiteSuites(lib, suffix = '') {
  test(`lite, then each add-on${suffix}`, async (t) => {
    for (const [name, fn] of liteCases({ load, standardEncodings })) await t.test(name, (t) => runCase(t, fn, lib));
  });
  const dir = new URL('./shared/', import.meta.url);
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.cases.mjs'))
    .sort()) {
    const { default: cases } = await import(new URL(file, dir));
    test(`${file} against lite with every add-on${suffix}`, async (t) => {
      for (const [addon] of ADDONS) await load(addon);
      for (const [name, fn] of cases) await t.test(name, (t) => runCase(t, fn, lib));
    });
  }
}
