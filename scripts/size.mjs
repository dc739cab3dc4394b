// npm run size: what a browser downloads for each entry: the entry and all it imports, bundled and
// minified by esbuild, plus every wasm module the bundle fetches (found by name in the bundle),
// raw, gzipped and brotli'd (node:zlib, maximum levels). Needs `npm run build` first.
// TARGET is the project's goal for an entry (not every one is met; see docs/performance.md); CEILING is what
// it measures now plus a little, so that tests/js/size.test.mjs fails on growth.
// Last raised (full +1,278 B, lite +1,039 B over the sizes before) for three changes: streams keep
// their state in JS as the core's saved number (decode_saved, encode_saved, every decoder's save and
// restore), so a stream dropped mid-way holds no wasm memory; the polyfill's self-tests check fatal
// mode and streaming; the built-ins the calls use are captured at load, with a guard per module.
// Then two by under 50 B for the hostile-review fixes (no-wasm chinese-simplified, every add-on).
// Then no-wasm full by 69 B (207,111 to 207,180; it measured 207,146): the UTF-8, EUC-JP and
// Shift_JIS fast paths became functions that tests can reach (mutation testing found them
// untested); the wasm entries grew by 8 to 27 B, under their ceilings, and wasm2js's output of
// the full module by 107 B.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { families } from './layout.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const pkg = join(root, 'pkg');
export const FAMILIES = families();

// What each entry is: the modules a page imports (files in pkg/; the first one's exports are kept).
export const ENTRIES = [
  { name: 'encoding-wasm (full)', imports: ['index.browser.mjs'], target: 81_920, ceiling: 93_024 },
  { name: 'encoding-wasm/lite', imports: ['lite.browser.mjs'], target: 9_216, ceiling: 25_192 },
  ...FAMILIES.map((f) => ({
    name: `lite + ${f}`,
    imports: ['lite.browser.mjs', `${f}.browser.mjs`],
    target: f === 'japanese' ? 30_720 : undefined,
    ceiling: { japanese: 51_868, 'chinese-simplified': 49_990, 'chinese-traditional': 57_793, korean: 45_472 }[f],
  })),
  {
    name: 'lite + every add-on',
    imports: ['lite.browser.mjs', ...FAMILIES.map((f) => `${f}.browser.mjs`)],
    ceiling: 129_627,
  },
  // encoding-wasm/detect: the full entry, js/detect/ and the detector's own module (detect_bg.wasm,
  // 40,272 B gzipped: the limit for it is 48 KB), which no other entry loads; measured
  // 136,554 (no-wasm: 263,077) once that module left the decoding core out. Raised from 137,000
  // (no-wasm: from 263,500) when a Detector's state moved into JavaScript, so that a detector
  // dropped leaves nothing in the module where no FinalizationRegistry frees it (Hermes): the
  // module's save and restore (src/detect/state.rs: every field walked, and checked on restoring)
  // cost 1,343 B gzipped more than the handle table they replace (136,403 to 137,746; no-wasm
  // 263,025 to 265,538). Raised again (from 137,850; no-wasm from 265,650) when restoring came to
  // refuse costs beyond what the bytes fed can add, on which the detector's sums overflowed:
  // 169 B gzipped (137,746 to 137,915; no-wasm 265,538 to 265,901). Raised again (from 138,000;
  // no-wasm from 266,000) when the CJK candidates came to be ruled out exactly where their
  // decoders err (JIS X 0212's pointers, gb18030's null four-byte ranges, Shift_JIS's and Big5's
  // exceptions, a character unfinished at the end): 137,773 to 138,008 (no-wasm 265,714 to 266,110).
  { name: 'encoding-wasm/detect', imports: ['detect.browser.mjs'], ceiling: 138_100 },
  // Without WebAssembly (the `react-native` and `no-wasm` conditions): the modules compiled to
  // JavaScript are part of the bundle, their indexes unpacked (about twice the bytes of the packed
  // ones, but expanding those takes seconds where JavaScript is interpreted). A page whose
  // WebAssembly fails fetches the same code (the browser entry's fallback).
  { name: 'no-wasm: encoding-wasm (full)', imports: ['index.nowasm.mjs'], nowasm: true, ceiling: 207_180 },
  { name: 'no-wasm: encoding-wasm/lite', imports: ['lite.nowasm.mjs'], nowasm: true, ceiling: 31_091 },
  ...FAMILIES.map((f) => ({
    name: `no-wasm: lite + ${f}`,
    imports: ['lite.nowasm.mjs', `${f}.nowasm.mjs`],
    nowasm: true,
    ceiling: { japanese: 77_026, 'chinese-simplified': 94_214, 'chinese-traditional': 95_711, korean: 78_196 }[f],
  })),
  { name: 'no-wasm: encoding-wasm/detect', imports: ['detect.nowasm.mjs'], nowasm: true, ceiling: 266_200 },
];

const compressed = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length,
});

const sum = (parts) => ({
  raw: parts.reduce((n, p) => n + p.raw, 0),
  gzip: parts.reduce((n, p) => n + p.gzip, 0),
  brotli: parts.reduce((n, p) => n + p.brotli, 0),
});

// Bundles pkg/ modules `imports` for browsers, minified, as a page importing them would (the first
// one's exports kept); the .wasm files they load by URL stay separate assets.
export async function bundle(imports, nowasm = false) {
  const [main, ...rest] = imports;
  const result = await build({
    stdin: {
      contents: [`export * from './${main}';`, ...rest.map((f) => `import './${f}';`)].join('\n'),
      resolveDir: pkg,
      sourcefile: 'page.mjs',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // The modules compiled to JavaScript, imported by the WebAssembly entries only where it fails,
    // are fetched only there: separate files (the no-wasm rows).
    external: nowasm ? [] : ['*.wasm2js.mjs'],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}

// The wasm files a bundle fetches: every `<name>_bg.wasm` it names.
export function wasmFiles(code) {
  return [...new Set(new TextDecoder().decode(code).match(/[\w-]+_bg\.wasm/g) ?? [])].sort();
}

export async function measure(entry) {
  if (!existsSync(join(pkg, entry.imports[0]))) throw new Error('pkg/ is missing: run `npm run build` first');
  const code = await bundle(entry.imports, entry.nowasm);
  const files = wasmFiles(code);
  const js = compressed(code);
  const wasm = sum(files.map((f) => compressed(readFileSync(join(pkg, f)))));
  return { js, wasm, files, total: sum([js, wasm]) };
}

// For comparison: @exodus/bytes's WHATWG TextDecoder/TextEncoder, full and lite, bundled the same way.
async function exodus(file) {
  const result = await build({
    entryPoints: [join(root, 'node_modules/@exodus/bytes', file)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return compressed(result.outputFiles[0].contents);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('| entry | JS gzip | wasm gzip (files) | **total gzip** | total brotli | target | ceiling |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  let over = false;
  for (const entry of ENTRIES) {
    const { js, wasm, files, total } = await measure(entry);
    const target =
      entry.target === undefined ? '' : `${entry.target} (${total.gzip <= entry.target ? 'met' : 'NOT met'})`;
    over ||= total.gzip > entry.ceiling;
    console.log(
      `| ${entry.name} | ${js.gzip} | ${wasm.gzip} (${files.join(', ')}) | **${total.gzip}** | ${total.brotli} | ${target} | ${entry.ceiling}${total.gzip > entry.ceiling ? ' OVER' : ''} |`,
    );
  }
  for (const file of ['encoding.js', 'encoding-lite.js']) {
    const s = await exodus(file);
    console.log(`| for comparison: @exodus/bytes/${file} | ${s.gzip} | | **${s.gzip}** | ${s.brotli} | | |`);
  }
  if (over) process.exitCode = 1;
}
