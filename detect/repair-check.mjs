// How repair() does on the set detect/repair-set.mjs makes from the gathered text: correct lines
// must come back unchanged, mojibake (one or two layers) must be repaired to the line.
// Run: node detect/repair-check.mjs [--train]   (after npm run build)
import { repair } from '../pkg/detect.node.mjs';
import { LAYERS, repairSet, STEP } from './repair-set.mjs';

const split = process.argv.includes('--train') ? 'train' : 'heldout';
const { correct, mojibake, lossy } = repairSet(split);
const changes = correct.filter(({ line }) => repair(line).changed);
const misses = mojibake.filter(({ text, line }) => repair(text).text !== line);
const pct = (n, d) => `${((100 * n) / d).toFixed(1)} %`;
console.log(
  `${split} lines, every ${STEP}th: ${correct.length} correct, ${changes.length} changed (${pct(changes.length, correct.length)})`,
);
const repaired = mojibake.length - misses.length;
console.log(
  `mojibake by ${LAYERS.map((l) => l.join('+')).join(', ')}: ${repaired} of ${mojibake.length} repaired (${pct(repaired, mojibake.length)}); ${lossy} lost bytes`,
);
for (const { file, line } of changes) console.log(`  changed: ${file}: ${line}`.slice(0, 160));
for (const { file, layers, line } of misses.slice(0, 20)) {
  console.log(`  not repaired (${layers.join('+')}): ${file}: ${line}`.slice(0, 160));
}
