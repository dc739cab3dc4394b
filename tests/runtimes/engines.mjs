// Script bundles of the shared cases for engines without WebAssembly or modules (Hermes,
// QuickJS): the packed package in a consumer project, and script-entry.mjs (the full entry and the
// polyfill) and script-lite-entry.mjs (the lite entry and its add-ons) each bundled by esbuild into
// one classic script, with 'encoding-wasm' resolved by the engine's export condition as Metro
// resolves `react-native`. Dynamic imports stay lazy: an add-on's module runs when imported.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { casesIndex, consumerProject, repoRoot, sharedDir } from './lib.mjs';

/// `{ dir, full, lite }`: the consumer project and the paths of the two bundles.
export async function scriptBundles(name, condition) {
  const { dir } = consumerProject(name);
  copyFileSync(join(repoRoot, 'tests/runtimes/harness.mjs'), join(dir, 'harness.mjs'));
  writeFileSync(
    join(dir, 'cases.mjs'),
    casesIndex((f) => join(sharedDir, f)),
  );
  const bundles = { dir };
  for (const [kind, entry] of [
    ['full', 'script-entry.mjs'],
    ['lite', 'script-lite-entry.mjs'],
  ]) {
    copyFileSync(join(repoRoot, 'tests/runtimes', entry), join(dir, entry));
    bundles[kind] = join(dir, `${kind}.js`);
    await build({
      entryPoints: [join(dir, entry)],
      outfile: bundles[kind],
      bundle: true,
      format: 'iife',
      platform: 'neutral',
      conditions: [condition],
      // web-streams-polyfill, from the repository's devDependencies.
      nodePaths: [join(repoRoot, 'node_modules')],
      logLevel: 'warning',
    });
  }
  return bundles;
}
