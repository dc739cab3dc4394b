// Every relative link of the documentation points at a file that exists, and every #anchor at a
// heading of that file (as GitHub makes ids from headings), so that moving a section shows up here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  'BENCHMARKS.md',
  ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`),
];
const read = (path) => readFileSync(join(root, path), 'utf8');

/** The text outside fenced code blocks. */
const withoutFences = (text) => text.replace(/^\s*(`{3,})[^\n]*\n[\s\S]*?^\s*\1\s*$/gm, '');
/** The text outside fenced code blocks and inline code. */
const prose = (text) => withoutFences(text).replace(/`[^`\n]*`/g, '');

/** GitHub's ids for the headings of a Markdown text (github-slugger's rules, duplicates numbered). */
function anchors(text) {
  const ids = new Set();
  for (const [, heading] of withoutFences(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = heading
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let id = base;
    for (let n = 1; ids.has(id); n++) id = `${base}-${n}`;
    ids.add(id);
  }
  return ids;
}

test("the slugs are GitHub's", () => {
  const ids = anchors(
    "# A\n## Lite and the add-ons\n### `encode(input) -> Uint8Array`\n## Which calls go to the runtime's own decoder\n## A\n```\n# not a heading\n```\n",
  );
  assert.deepEqual(
    [...ids],
    ['a', 'lite-and-the-add-ons', 'encodeinput---uint8array', 'which-calls-go-to-the-runtimes-own-decoder', 'a-1'],
  );
});

for (const doc of DOCS) {
  test(`${doc}: every relative link and anchor resolves`, () => {
    const links = [...prose(read(doc)).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    const broken = [];
    for (const link of links) {
      if (/^[a-z][a-z+.-]*:/i.test(link)) continue; // https:, mailto:
      const [path, anchor] = link.split('#');
      const target = path === '' ? doc : posix.normalize(posix.join(posix.dirname(doc), path));
      if (!existsSync(join(root, target))) broken.push(`${link}: no file ${target}`);
      else if (anchor !== undefined && target.endsWith('.md') && !anchors(read(target)).has(anchor)) {
        broken.push(`${link}: no heading #${anchor} in ${target}`);
      }
    }
    assert.deepEqual(broken, []);
  });
}
