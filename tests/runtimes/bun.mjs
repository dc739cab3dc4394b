// Runs the shared cases under Bun (the `bun` npm package), importing 'encoding-wasm' from a
// consumer project's node_modules as Bun resolves it; then, in a second process, the lite entry
// and its add-ons (cli-lite-entry.mjs), where the full entry is never imported.
import { bin, consumerProject, finishAll, run, writeCliEntry } from './lib.mjs';

const { dir } = consumerProject('bun');
const bun = (entry) =>
  run(bin('bun'), ['run', entry], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
    quiet: true,
    timeoutMs: (Number(process.env.RUNTIME_TIME_LIMIT ?? 300) * 1000) / 2,
  });
finishAll('bun', [
  ['', await bun(writeCliEntry(dir))],
  ['[lite] ', await bun(writeCliEntry(dir, { name: 'lite.mjs', lite: true }))],
]);
