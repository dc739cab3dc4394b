// The native oracle (examples/oracle.rs): the Rust core's own results for a batch of cases.
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const binary = `${root}target/release/examples/oracle${process.platform === 'win32' ? '.exe' : ''}`;
let built = false;

/** Builds the oracle (cargo does nothing if it is up to date). */
export function buildOracle() {
  if (built) return;
  execFileSync('cargo', ['build', '--quiet', '--release', '--example', 'oracle'], { cwd: root, stdio: 'inherit' });
  built = true;
}

/** One result line per case line. */
export function ask(lines) {
  buildOracle();
  const run = spawnSync(binary, { input: `${lines.join('\n')}\n`, maxBuffer: 1 << 30, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the oracle failed (${run.status}): ${run.stderr}`);
  const out = run.stdout.split('\n');
  out.pop();
  if (out.length !== lines.length) throw new Error(`the oracle answered ${out.length} of ${lines.length} cases`);
  return out;
}

export const hexBytes = (bytes) => Buffer.from(Uint8Array.from(bytes)).toString('hex');
export const hexUnits = (s) =>
  Array.from({ length: s.length }, (_, i) => s.charCodeAt(i).toString(16).padStart(4, '0')).join('');
export const hexLabel = (label) => hexBytes(new TextEncoder().encode(label)) || '-';
export const fromHex = (hex) => new Uint8Array(Buffer.from(hex, 'hex'));
export const utf8Text = (hex) => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(fromHex(hex));
