// Runs the shared cases under Deno (the `deno` npm package), importing 'encoding-wasm' from a
// consumer project's node_modules as Deno 2 resolves it (package.json present: node_modules mode).
import { bin, consumerProject, finish, repoRoot, run, writeCliEntry } from './lib.mjs';

const { dir } = consumerProject('deno');
const entry = writeCliEntry(dir);
finish('deno', await run(bin('deno'), [
  'run', '--no-prompt', '--no-lock', `--allow-read=${dir},${repoRoot}`, entry,
], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeoutMs: Number(process.env.RUNTIME_TIME_LIMIT ?? 300) * 1000 }));
