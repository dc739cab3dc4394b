// Python's ftfy (https://pypi.org/project/ftfy/), the reference for repair() in bench/detect.mjs:
// installed at FTFY into a virtual environment under the (git-ignored) directory given, when
// missing, and run once over all the texts, one JSON string a line in and out.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const FTFY = '6.3.1';

const PROGRAM = `import json, sys, ftfy
for line in sys.stdin:
    print(json.dumps(ftfy.fix_encoding(json.loads(line))))`;

function run(command, args, input) {
  return execFileSync(command, args, { input, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** A virtual environment's python with ftfy FTFY, or the reason there is none. */
function python(dir) {
  const venv = join(dir, 'venv');
  const bin = join(venv, 'bin', 'python');
  try {
    if (!existsSync(bin)) run('python3', ['-m', 'venv', venv]);
    const version = () => run(bin, ['-c', 'import ftfy; print(ftfy.__version__)']).trim();
    let installed;
    try {
      installed = version();
    } catch {}
    if (installed !== FTFY) {
      run(bin, ['-m', 'pip', 'install', '--quiet', `ftfy==${FTFY}`]);
      installed = version();
    }
    return { bin, version: installed };
  } catch (e) {
    return {
      missing: `no Python with ftfy ${FTFY} (${String(e.stderr || e.message)
        .trim()
        .split('\n')
        .pop()})`,
    };
  }
}

/** `ftfy.fix_encoding` of each of `texts` as { version, fixed, seconds }, or { missing }. */
export function fixEncoding(texts, dir) {
  const py = python(dir);
  if (py.missing) return py;
  const start = performance.now();
  const out = run(py.bin, ['-c', PROGRAM], texts.map((t) => `${JSON.stringify(t)}\n`).join(''));
  const fixed = out
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
  if (fixed.length !== texts.length) throw new Error(`ftfy gave ${fixed.length} lines for ${texts.length}`);
  return { version: py.version, fixed, seconds: (performance.now() - start) / 1000 };
}
