// Size ceilings: what a browser downloads for each entry (minified JS + the wasm modules it
// fetches, gzipped) does not grow past the entry's CEILING (issue 11's targets are not all met
// yet; see scripts/size.mjs and BENCHMARKS.md). Needs `npm run build` first (pkg/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bundle, ENTRIES, FAMILIES, measure } from '../../scripts/size.mjs';

for (const entry of ENTRIES) {
  test(`${entry.name}: the gzipped bundle (JS + wasm) does not grow past its ceiling`, async () => {
    const { js, wasm, total } = await measure(entry);
    assert.equal(total.gzip, js.gzip + wasm.gzip);
    assert.ok(total.gzip <= entry.ceiling, `${total.gzip} bytes gzipped, over the ${entry.ceiling}-byte ceiling`);
  });
}

test('each entry fetches exactly its modules and bundles the whole API', async () => {
  const expected = {
    'encoding-wasm (full)': ['encoding_wasm_bg.wasm'],
    'encoding-wasm/lite': ['lite_bg.wasm'],
    ...Object.fromEntries(FAMILIES.map((f) => [`lite + ${f}`, [`${f}_bg.wasm`, 'lite_bg.wasm']])),
    'lite + every add-on': [...FAMILIES.map((f) => `${f}_bg.wasm`), 'lite_bg.wasm'].sort(),
    'encoding-wasm/detect': ['detect_bg.wasm', 'encoding_wasm_bg.wasm'],
    // Without WebAssembly: no .wasm file, the modules are in the JS.
    'no-wasm: encoding-wasm (full)': [],
    'no-wasm: encoding-wasm/lite': [],
    ...Object.fromEntries(FAMILIES.map((f) => [`no-wasm: lite + ${f}`, []])),
    'no-wasm: encoding-wasm/detect': [],
  };
  assert.deepEqual(
    ENTRIES.map((e) => e.name),
    Object.keys(expected),
  );
  for (const entry of ENTRIES) {
    const { files, js } = await measure(entry);
    assert.deepEqual(files, expected[entry.name], entry.name);
    // The wasm module holds the encodings, the JS the whole API; without WebAssembly, the JS
    // holds the module too (the memory object wasm2js writes, `grow: { value: … }`, which the API's
    // code never does), and with it never does.
    assert.ok(js.raw > 10_000, `${entry.name}: the JS bundle is only ${js.raw} bytes`);
    const code = Buffer.from(await bundle(entry.imports, entry.nowasm)).toString();
    assert.equal(/\bgrow:\{value:/.test(code), entry.nowasm === true, entry.name);
  }
});

test("the detector's own module is within the 48 KB (gzipped, code and data) issue 20 allows it", async () => {
  const { readFileSync } = await import('node:fs');
  const { gzipSync } = await import('node:zlib');
  const wasm = readFileSync(new URL('../../pkg/detect_bg.wasm', import.meta.url));
  const gzip = gzipSync(wasm, { level: 9 }).length;
  assert.ok(gzip <= 48 * 1024, `detect_bg.wasm is ${gzip} bytes gzipped`);
});
