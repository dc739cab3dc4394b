// Runs the shared cases under Deno (the `deno` npm package), twice, and each time again in another
// process against the lite entry and its add-ons (cli-lite-entry.mjs):
// - npm: 'encoding-wasm' imported by name from a consumer project's node_modules, as Deno 2
//   resolves it (package.json present: node_modules mode, `deno` export condition);
// - vendored: the same files copied outside node_modules and imported by relative path (as from a
//   vendored copy or a CDN URL), which Deno parses with its own parser first.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { families } from '../../scripts/layout.mjs';
import { bin, consumerProject, finishAll, repoRoot, resolveExport, run, writeCliEntry } from './lib.mjs';

const { dir, pkgDir } = consumerProject('deno');
const packageJson = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
cpSync(pkgDir, join(dir, 'vendor/encoding-wasm'), { recursive: true });
const vendored = (subpath) =>
  `./vendor/encoding-wasm/${resolveExport(packageJson, subpath, ['deno', 'import']).replace(/^\.\//, '')}`;

const deno = (entry) =>
  run(bin('deno'), ['run', '--no-prompt', '--no-lock', `--allow-read=${dir},${repoRoot}`, entry], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
    quiet: true,
    timeoutMs: (Number(process.env.RUNTIME_TIME_LIMIT ?? 300) * 1000) / 4,
  });
const ADDONS = families();
const vendoredLite = Object.fromEntries(
  ['lite', ...ADDONS].map((name) => [`encoding-wasm/${name}`, vendored(`./${name}`)]),
);
finishAll('deno', [
  ['[npm] ', await deno(writeCliEntry(dir))],
  ['[npm lite] ', await deno(writeCliEntry(dir, { name: 'lite.mjs', lite: true }))],
  [
    '[vendored] ',
    await deno(
      writeCliEntry(dir, {
        name: 'vendored.mjs',
        specifiers: {
          'encoding-wasm': vendored('.'),
          'encoding-wasm/polyfill': vendored('./polyfill'),
          'encoding-wasm/detect': vendored('./detect'),
        },
      }),
    ),
  ],
  [
    '[vendored lite] ',
    await deno(writeCliEntry(dir, { name: 'vendored-lite.mjs', lite: true, specifiers: vendoredLite })),
  ],
]);
