// Decoding speed where WebAssembly is missing: this package's JavaScript build (wasm2js) against
// @exodus/bytes (pure JavaScript), each in the same engine, and the WebAssembly build in the same
// Node with its JIT, on the real-text corpora of bench/corpus.mjs (built first if missing):
// Shift_JIS, GBK, Big5, EUC-KR, windows-1251 and UTF-8, at 64 B, 4 KiB and 1 MiB.
//
//   node bench/engines.mjs              node --jitless, Hermes and node: one table (a few minutes)
//   node bench/engines.mjs --run        this process only, JSON rows on stdout (what the above spawns)
//
// Hermes (hermes-engine-cli, as tests/runtimes/hermes.mjs runs it) gets the same loop
// (engine-core.mjs) in one script with the corpora inlined (engine-entry.mjs), 'encoding-wasm'
// resolved with the `react-native` condition, lowered by Babel as React Native does. Times are
// per decode() of a reused TextDecoder, best of three rounds.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { hermes, lowerForHermes } from '../tests/runtimes/hermes-lower.mjs';
import { measure } from './engine-core.mjs';

const here = new URL('.', import.meta.url).pathname;
const root = join(here, '..');
const corpusDir = join(here, 'corpus');
export const CASES = ['shift_jis', 'gbk', 'big5', 'euc-kr', 'windows-1251', 'utf-8-cjk'];
export const SIZES = [64, 4096, 1 << 20];

// The corpora as { id, label, size, bytes, text }.
export function loadCases() {
  if (!existsSync(join(corpusDir, 'manifest.json'))) {
    execFileSync(process.execPath, [join(here, 'corpus.mjs')], { stdio: 'inherit' });
  }
  const manifest = JSON.parse(readFileSync(join(corpusDir, 'manifest.json'), 'utf8'));
  return CASES.flatMap((id) =>
    SIZES.map((size) => {
      const e = manifest.find((m) => m.id === id && m.size === size);
      return {
        id,
        label: e.label,
        size,
        bytes: new Uint8Array(readFileSync(join(corpusDir, e.bin))),
        text: readFileSync(join(corpusDir, e.txt), 'utf8'),
      };
    }),
  );
}

const classes = (name, TD) => ({
  name,
  make(label) {
    const d = new TD(label);
    return (b) => d.decode(b);
  },
});

async function runHere() {
  const decoders = [
    classes('js build', (await import(pathToFileURL(join(root, 'pkg/index.nowasm.mjs')))).TextDecoder),
    classes('@exodus/bytes', (await import('@exodus/bytes/encoding.js')).TextDecoder),
  ];
  if (typeof WebAssembly === 'object') {
    decoders.push(classes('wasm build', (await import(pathToFileURL(join(root, 'pkg/index.node.mjs')))).TextDecoder));
  }
  const rows = measure(decoders, loadCases(), () => performance.now());
  console.log(JSON.stringify(rows));
}

// The rows of the same loop in Hermes.
async function runHermes(cases) {
  writeFileSync(
    join(corpusDir, 'engine-cases.json'),
    JSON.stringify(cases.map((c) => ({ ...c, bytes: Buffer.from(c.bytes).toString('base64') }))),
  );
  const script = join(root, 'target', 'bench-hermes.js');
  await build({
    entryPoints: [join(here, 'engine-entry.mjs')],
    outfile: script,
    bundle: true,
    format: 'iife',
    platform: 'neutral',
    conditions: ['react-native'],
    alias: { 'encoding-wasm': join(root, 'pkg/index.nowasm.mjs') },
    logLevel: 'warning',
  });
  await lowerForHermes(script);
  return JSON.parse(execFileSync(hermes, ['-w', script], { encoding: 'utf8', maxBuffer: 1 << 26 }));
}

const show = (r) => (typeof r === 'number' ? (r < 1 ? `${(r * 1000).toFixed(1)} µs` : `${r.toFixed(2)} ms`) : r);

if (process.argv.includes('--run')) {
  await runHere();
} else {
  const cases = loadCases();
  const run = (flags) =>
    JSON.parse(
      execFileSync(process.execPath, [...flags, join(here, 'engines.mjs'), '--run'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 1 << 26,
      }),
    );
  const jitless = run(['--jitless']);
  const hermesRows = await runHermes(cases);
  const jit = run([]);
  const at = (rows, id, size, lib) => rows.find((r) => r.id === id && r.size === size && r.lib === lib)?.result;
  const ratio = (ours, theirs) =>
    typeof ours === 'number' && typeof theirs === 'number' ? `${(ours / theirs).toFixed(2)}×` : '';
  console.log(`Node ${process.version} and Hermes 0.12, per decode() (lower is better); ×: JS build / @exodus/bytes`);
  console.log(
    '| case | size | --jitless: JS build | @exodus/bytes | × | Hermes: JS build | @exodus/bytes | × | JIT: wasm build | JS build | @exodus/bytes |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const id of CASES) {
    for (const size of SIZES) {
      const cells = [];
      for (const rows of [jitless, hermesRows]) {
        const ours = at(rows, id, size, 'js build');
        const theirs = at(rows, id, size, '@exodus/bytes');
        cells.push(show(ours), show(theirs), ratio(ours, theirs));
      }
      for (const lib of ['wasm build', 'js build', '@exodus/bytes']) cells.push(show(at(jit, id, size, lib)));
      console.log(`| ${id} | ${size} | ${cells.join(' | ')} |`);
    }
  }
}
