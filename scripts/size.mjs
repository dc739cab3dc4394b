// npm run size: the package as a browser bundle with everything (pkg/index.browser.mjs and all it
// imports, bundled and minified by esbuild) plus its wasm module, raw, gzipped and brotli'd
// (node:zlib, maximum levels). Needs `npm run build` first. TARGET is the size goal (64 KiB
// gzipped, not met: the range-coded indexes alone take 54 KB; see BENCHMARKS.md); CEILING is
// what the package measures now plus a little, so that tests/js/size.test.mjs fails on growth.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const TARGET = 64 * 1024;
export const CEILING = 88 * 1024;
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

const compressed = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length,
});

// Bundles `entry` for browsers, minified; the .wasm file it loads by URL stays a separate asset.
export async function bundle(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}

export async function measure() {
  const pkg = join(root, 'pkg');
  const entry = join(pkg, 'index.browser.mjs');
  const wasmPath = join(pkg, 'encoding_wasm_bg.wasm');
  if (!existsSync(entry) || !existsSync(wasmPath)) throw new Error('pkg/ is missing: run `npm run build` first');
  const js = compressed(await bundle(entry));
  const wasm = compressed(readFileSync(wasmPath));
  const total = { raw: js.raw + wasm.raw, gzip: js.gzip + wasm.gzip, brotli: js.brotli + wasm.brotli };
  return { js, wasm, total };
}

// For comparison: @exodus/bytes's WHATWG TextDecoder/TextEncoder bundled the same way.
async function exodusSize() {
  return compressed(await bundle(join(root, 'node_modules/@exodus/bytes/encoding.js')));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { js, wasm, total } = await measure();
  const row = (name, s) => `| ${name} | ${s.raw} | ${s.gzip} | ${s.brotli} |`;
  console.log('| part | bytes | gzip -9 | brotli -q 11 |\n| --- | ---: | ---: | ---: |');
  console.log(row('JS (esbuild bundle, minified)', js));
  console.log(row('wasm (encoding_wasm_bg.wasm)', wasm));
  console.log(row('**total**', total));
  console.log(row('for comparison: @exodus/bytes/encoding.js, same bundling', await exodusSize()));
  const pct = (limit) => ((100 * total.gzip) / limit).toFixed(1);
  console.log(
    `\nTarget: ${total.gzip} of ${TARGET} bytes gzipped (${pct(TARGET)}%): ${total.gzip <= TARGET ? 'met' : 'NOT met'}`,
  );
  console.log(
    `Ceiling (no growth): ${total.gzip} of ${CEILING} bytes gzipped (${pct(CEILING)}%): ${total.gzip <= CEILING ? 'within' : 'OVER'}`,
  );
  if (total.gzip > CEILING) process.exitCode = 1;
}
