// npm run test:js: builds pkg/ if it is missing, then runs the node --test suite in tests/js/.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
if (!existsSync(join(root, 'pkg', 'index.node.mjs'))) run('npm', ['run', 'build']);
try {
  run(process.execPath, ['--test', 'tests/js/']);
} catch {
  process.exit(1);
}
