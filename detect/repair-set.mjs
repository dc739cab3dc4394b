// The lines repair() is judged on (detect/repair-check.mjs, bench/detect.mjs): every STEP-th line
// of each language's held-out (or training) text of detect/corpus (made by `node
// detect/corpus.mjs`) is correct text that must come back unchanged; where it has non-ASCII
// characters, each of LAYERS turns it into mojibake (its UTF-8 bytes decoded with the layer's
// encoding, again for each further encoding), which must be repaired to the line. Mojibake that
// lost bytes (a U+FFFD from the wrong decoder) cannot be repaired and is only counted.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDecoder } from '../pkg/index.node.mjs';

export const STEP = 100;
export const LAYERS = [
  ['windows-1252'],
  ['windows-1251'],
  ['windows-1250'],
  ['gbk'],
  ['shift_jis'],
  ['windows-1252', 'windows-1252'],
  ['windows-1251', 'windows-1251'],
];

const utf8 = new TextEncoder();

/** `line`'s UTF-8 read with each of `labels` in turn. */
export function mojibake(line, labels) {
  return labels.reduce((text, label) => new TextDecoder(label).decode(utf8.encode(text)), line);
}

/**
 * The set made from `split` ('heldout' or 'train'): `correct` lines ({ file, line }), `mojibake`
 * ({ file, layers, text, line }: `text` must be repaired to `line`) and the `lossy` count.
 */
export function repairSet(split) {
  const dir = join(new URL('.', import.meta.url).pathname, 'corpus');
  const correct = [];
  const broken = [];
  let lossy = 0;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(`.${split}.txt`))
    .sort()) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i += STEP) {
      const line = lines[i];
      if (line.length === 0) continue;
      correct.push({ file, line });
      if (!/[^\0-\x7f]/.test(line)) continue;
      for (const layers of LAYERS) {
        const text = mojibake(line, layers);
        if (text.includes('\uFFFD')) lossy++;
        else broken.push({ file, layers, text, line });
      }
    }
  }
  return { correct, mojibake: broken, lossy };
}
