// Every ```js block of the user documentation runs as written: each is written to a file inside
// the repository (so that `import … from 'encoding-wasm'` resolves to pkg/ by the package's
// self-reference) and run by Node; it must not throw, and what it prints must be what its
// `// → …` comments say, line by line (a whole-line comment `//   …` right after one continues
// it). A block that cannot run here (browser-only, a bundler's configuration) is marked with
// `<!-- not run: reason -->` on the line before its fence, and NOT_RUN counts them, so that none
// is skipped silently. Needs pkg/ (`npm run build`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCS = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)];
/** The blocks marked not run, per file: change it together with the marks. */
const NOT_RUN = {
  'README.md': 0,
  'CONTRIBUTING.md': 0,
  'docs/api.md': 0,
  'docs/cli.md': 0,
  'docs/design.md': 0,
  'docs/performance.md': 0,
  'docs/runtimes.md': 2,
};
const JS = new Set(['js', 'javascript', 'mjs']);
const NOT_RUN_MARK = /^<!-- not run: (.*\S.*) -->$/;

/** Each fenced block of `text`: `{ lang, code, line, notRun }` (notRun: the mark's reason or null). */
function blocks(text) {
  const lines = text.split('\n');
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(\S*)/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    let end = i + 1;
    while (end < lines.length && lines[end].trim() !== fence) end++;
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const mark = before >= 0 ? NOT_RUN_MARK.exec(lines[before].trim()) : null;
    const code = lines
      .slice(i + 1, end)
      .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
      .join('\n');
    found.push({ lang, code, line: i + 1, notRun: mark ? mark[1] : null });
    i = end;
  }
  return found;
}

/** The output a block's `// → …` comments promise, as lines. */
function expectedOutput(code) {
  const out = [];
  let continuing = false;
  for (const line of code.split('\n')) {
    const arrow = line.indexOf('// → ');
    if (arrow !== -1) {
      out.push(line.slice(arrow + '// → '.length).trimEnd());
      continuing = true;
    } else if (continuing && /^\s*\/\/ {3}/.test(line)) {
      out.push(line.replace(/^\s*\/\/ {3}/, '').trimEnd());
    } else {
      continuing = false;
    }
  }
  return out;
}

const run = promisify(execFile);
const scratch = join(root, 'target', 'readme-blocks');
mkdirSync(scratch, { recursive: true });
const dir = mkdtempSync(join(scratch, 'run-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

for (const doc of DOCS) {
  const all = blocks(readFileSync(join(root, doc), 'utf8')).filter((b) => JS.has(b.lang));
  const runnable = all.filter((b) => b.notRun === null);

  test(`${doc}: ${all.length - runnable.length} js block(s) marked not run, as NOT_RUN says`, () => {
    assert.equal(all.length - runnable.length, NOT_RUN[doc], `update NOT_RUN['${doc}'] with the marks`);
  });

  for (const block of runnable) {
    test(`${doc}:${block.line} runs as written and prints what it says`, async () => {
      const file = join(dir, `${doc.replaceAll('/', '-')}-${block.line}.mjs`);
      writeFileSync(file, `${block.code}\n`);
      const { stdout } = await run(process.execPath, [file], { cwd: root, timeout: 60_000 }).catch((e) => {
        assert.fail(`${doc}:${block.line} failed:\n${e.stderr || e.message}`);
      });
      const printed = stdout === '' ? [] : stdout.replace(/\n$/, '').split('\n');
      assert.deepEqual(printed, expectedOutput(block.code));
    });
  }
}

test('the extraction: marks, fences, continuation lines', () => {
  const text = [
    '<!-- not run: browser only -->',
    '',
    '```js',
    'x();',
    '```',
    '  ```js',
    '  console.log({ a: 1 }); // → { a: 1 }',
    '  //   more',
    '  f(); // not output',
    '  ```',
  ].join('\n');
  const [a, b] = blocks(text);
  assert.equal(a.notRun, 'browser only');
  assert.equal(a.code, 'x();');
  assert.equal(b.notRun, null);
  assert.deepEqual(expectedOutput(b.code), ['{ a: 1 }', 'more']);
});
