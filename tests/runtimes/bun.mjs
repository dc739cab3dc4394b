// Runs the shared cases under Bun (the `bun` npm package), importing 'encoding-wasm' from a
// consumer project's node_modules as Bun resolves it.
import { bin, consumerProject, finish, run, writeCliEntry } from './lib.mjs';

const { dir } = consumerProject('bun');
const entry = writeCliEntry(dir);
finish(
  'bun',
  await run(bin('bun'), ['run', entry], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
    timeoutMs: Number(process.env.RUNTIME_TIME_LIMIT ?? 300) * 1000,
  }),
);
