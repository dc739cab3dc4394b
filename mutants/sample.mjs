// A seeded uniform sample of Stryker's mutants over js/, so that js/'s mutation score can be
// estimated in hours rather than measured in days (npm run mutants -- --js --sample N --seed S).
// The mutants are listed by Stryker's own instrumenter, as Stryker instruments them; the sample
// is written to mutants/out/sample.json, which sample-plugins.mjs reads to let Stryker test only
// those mutants, in the sample's order (it fails every other at the checker stage, which costs no
// test run), and to write each one's result as it comes to mutants/out/sample-results.jsonl. So a
// run stopped early still holds a uniform sample: the sample's first k mutants.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { Minimatch } from 'minimatch';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const sampleFile = join(root, 'mutants', 'out', 'sample.json');
export const resultsFile = join(root, 'mutants', 'out', 'sample-results.jsonl');

// The files of js/ that `mutate` (Stryker's globs, `!` to leave out) selects.
export function mutatedFiles(mutate) {
  const names = readdirSync(join(root, 'js')).map((f) => `js/${f}`);
  const match = (pattern) => new Minimatch(pattern, { dot: true });
  const keep = mutate.filter((p) => !p.startsWith('!')).map(match);
  const drop = mutate.filter((p) => p.startsWith('!')).map((p) => match(p.slice(1)));
  return names.filter((n) => keep.some((m) => m.match(n)) && !drop.some((m) => m.match(n)));
}

// A mutant's identity across runs: where it is, which mutator, what it puts there. Stryker's ids
// are only a counter. Locations are Stryker's internal ones (0-based lines and columns).
export function mutantKey(fileName, { start, end }, mutatorName, replacement) {
  const file = relative(root, fileName);
  return `${file}:${start.line}:${start.column}-${end.line}:${end.column} ${mutatorName} ${replacement}`;
}

const silent = { isDebugEnabled: () => false, debug() {}, info() {}, warn() {}, error() {} };

// Every mutant Stryker makes in these files with the default mutator options, less those a
// `Stryker disable` comment ignores (Stryker reports them as ignored, outside the score).
export async function listMutants(files) {
  const input = files.map((name) => ({
    name: join(root, name),
    mutate: true,
    content: readFileSync(join(root, name), 'utf8'),
  }));
  const options = { plugins: null, excludedMutations: [], ignorers: [] };
  const { mutants } = await new Instrumenter(silent).instrument(input, options);
  return mutants
    .filter((m) => m.status !== 'Ignored')
    .map((m) => mutantKey(m.fileName, m.location, m.mutatorName, m.replacement));
}

// mulberry32: a small seeded generator, uniform on [0, 1).
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

// `n` of `items`, each subset of that size equally likely (a partial Fisher–Yates shuffle).
export function pick(items, n, seed) {
  const next = random(seed);
  const a = [...items];
  const count = Math.min(n, a.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(next() * (a.length - i));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, count);
}

// The Wilson score interval for `k` successes in `n` trials, at 95 % (z = 1.96).
export function wilson(k, n, z = 1.96) {
  if (n === 0) return [0, 1];
  const p = k / n;
  const centre = p + (z * z) / (2 * n);
  const half = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  const scale = 1 + (z * z) / n;
  return [(centre - half) / scale, (centre + half) / scale];
}

// The key of a mutant as Stryker reports it (mutation-testing-report-schema's locations, whose
// lines and columns are 1-based).
export function reportedKey({ fileName, location, mutatorName, replacement }) {
  const { start, end } = location;
  return mutantKey(
    fileName,
    {
      start: { line: start.line - 1, column: start.column - 1 },
      end: { line: end.line - 1, column: end.column - 1 },
    },
    mutatorName,
    replacement,
  );
}
