// How repair() does on the gathered text (detect/corpus, made by `node detect/corpus.mjs`): every
// STEP-th line of each language's held-out text (or, with --train, its training text) must come
// back unchanged; then, where it has non-ASCII characters, the line is turned into mojibake by
// each of WRONG (its UTF-8 bytes decoded with that encoding) and must be repaired to the line.
// Mojibake that lost bytes (a U+FFFD from the wrong decoder) cannot be repaired and is counted
// apart. Run: node detect/repair-check.mjs [--train]   (after npm run build)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDecoder } from '../pkg/index.node.mjs';
import { repair } from '../pkg/detect.node.mjs';

const STEP = 100;
const WRONG = ['windows-1252', 'windows-1251', 'windows-1250', 'gbk', 'shift_jis'];
const set = process.argv.includes('--train') ? 'train' : 'heldout';
const dir = join(new URL('.', import.meta.url).pathname, 'corpus');
const utf8 = new TextEncoder();

let correct = 0;
let changed = 0;
let mojibake = 0;
let repaired = 0;
let lossy = 0;
const changes = [];
const misses = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(`.${set}.txt`))
  .sort()) {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  for (let i = 0; i < lines.length; i += STEP) {
    const line = lines[i];
    if (line.length === 0) continue;
    correct++;
    if (repair(line).changed) {
      changed++;
      changes.push(`changed: ${file}: ${line}`);
    }
    if (!/[^\0-\x7f]/.test(line)) continue;
    for (const label of WRONG) {
      const wrong = new TextDecoder(label).decode(utf8.encode(line));
      if (wrong.includes('\uFFFD')) {
        lossy++;
        continue;
      }
      mojibake++;
      if (repair(wrong).text === line) repaired++;
      else if (misses.length < 20) misses.push(`not repaired (${label}): ${file}: ${line}`);
    }
  }
}
const pct = (n, d) => `${((100 * n) / d).toFixed(1)} %`;
console.log(`${set} lines, every ${STEP}th: ${correct} correct, ${changed} changed (${pct(changed, correct)})`);
console.log(
  `mojibake by ${WRONG.join(', ')}: ${repaired} of ${mojibake} repaired (${pct(repaired, mojibake)}); ${lossy} lost bytes`,
);
for (const m of [...changes, ...misses]) console.log(`  ${m.slice(0, 160)}`);
