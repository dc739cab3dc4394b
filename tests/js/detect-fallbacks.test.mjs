// encoding-wasm/detect for Node and Deno (pkg/detect.node.mjs, made by scripts/build.mjs from
// js/template.node.mjs) binds the detector's module by the first of these that works: its .wasm
// file, read beside the entry; the inlined copy (wasm-inline-detect.mjs), where that file cannot be
// read (a bundler moved the entry away from it); the module compiled to JavaScript
// (detect_bg.wasm2js.mjs), where WebAssembly is missing or the module cannot be compiled. Each
// path runs here in a child process, on a copy of pkg/ left with only the files that path needs,
// and must give exactly what the .wasm file gives on inputs whose encodings are checked by hand;
// where none works, every call of the detector throws an Error naming both causes. The same for
// require()'s entry (pkg/detect.cjs), whose inlined copy only a bundler can serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'encoding-wasm-detect-fallbacks-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const INLINE = 'wasm-inline-detect.mjs';
const WASM2JS = 'detect_bg.wasm2js.mjs';
const WASM2JS_CJS = 'detect_bg.wasm2js.cjs';

// Texts written out byte by byte, each with the encoding it is in and the text Node's own decoder
// (ICU's, not this package's) must read from it.
const TEXTS = [
  // П р и в е т , ␠ м и р !
  { hex: 'cff0e8e2e5f22c20ece8f021', encoding: 'windows-1251', text: 'Привет, мир!' },
  // こ ん に ち は 、 世 界 。
  { hex: '82b182f182c982bf82cd814190a28a458142', encoding: 'Shift_JIS', text: 'こんにちは、世界。' },
  // 안 녕 하 세 요
  { hex: 'bec8b3e7c7cfbcbcbfe4', encoding: 'EUC-KR', text: '안녕하세요' },
  // 你 好 世 界
  { hex: 'c4e3bac3cac0bde7', encoding: 'GBK', text: '你好世界' },
  { hex: 'a741a66ea540acc9', encoding: 'Big5', text: '你好世界' },
  // h é l l o ␠ w ö r l d
  { hex: '68c3a96c6c6f2077c3b6726c64', encoding: 'UTF-8', text: 'héllo wörld' },
];

// How a child process loads the entry `file` (a string of JavaScript) as `lib`: imported
// (`jitless`: under node --jitless, with no WebAssembly); required; or required as a bundler has it,
// which serves the inlined copy, an ES module, to require() (Node 20 cannot: packaging.test.mjs).
const LOADERS = {
  import: (file) => `const lib = await import(${JSON.stringify(pathToFileURL(file).href)});`,
  jitless: (
    file,
  ) => `if (typeof WebAssembly !== 'undefined') throw new Error('WebAssembly exists under node --jitless');
const lib = await import(${JSON.stringify(pathToFileURL(file).href)});`,
  require: (file) =>
    `const lib = (await import('node:module')).createRequire(${JSON.stringify(file)})(${JSON.stringify(file)});`,
  bundled: (file) => `const required = (await import('node:module')).createRequire(${JSON.stringify(file)});
const inline = await import(${JSON.stringify(pathToFileURL(join(dirname(file), INLINE)).href)});
const source = (await import('node:fs')).readFileSync(${JSON.stringify(file)}, 'utf8');
const module = { exports: {} };
const load = (id) => (id === './${INLINE}' ? inline : required(id));
new Function('require', 'module', 'exports', '__dirname', source)(load, module, module.exports, ${JSON.stringify(dirname(file))});
const lib = module.exports;`,
};

// What the detector answers in the entry `file`, loaded by the child process as LOADERS[`how`]
// has it: each call's result, or its Error as "Name: message".
function answers(file, how = 'import') {
  const code = `${LOADERS[how](file)}
const bytes = (hex) => Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16));
const texts = ${JSON.stringify(TEXTS.map((t) => t.hex))}.map(bytes);
const [cyrillic, japanese, korean, , , utf8] = texts;
// Two bytes that say little: the top-level domain decides.
const two = bytes('e9e8');
// Over 2 MiB (js/pieces.mjs's CHUNK), so fed in two pieces, growing the module's memory.
const long = new Uint8Array((2 << 20) + 100);
for (let i = 0; i < long.length; i++) long[i] = cyrillic[i % cyrillic.length];
const fed = (pieces, options) => {
  const detector = new lib.Detector();
  for (let i = 0; i < pieces.length; i++) detector.feed(pieces[i], { last: i === pieces.length - 1 });
  return detector.guess(options);
};
const calls = [
  ...texts.map((input) => () => lib.detect(input)),
  () => lib.detect(utf8, { allowUTF8: false }),
  () => lib.detect(two),
  () => lib.detect(two, { tld: 'RU' }),
  () => lib.detect(new Uint8Array(0)),
  () => lib.detect(new Uint8Array(0), { tld: 'JP' }),
  () => lib.detect(long),
  // A character cut between pieces.
  () => fed([japanese.subarray(0, 3), japanese.subarray(3, 9), japanese.subarray(9)]),
  () => fed([korean.subarray(0, 5), korean.subarray(5)], { tld: 'kr' }),
  () => lib.sniffHTML(cyrillic, { detect: true }),
  // The main entry's module alone: no detection.
  () => lib.sniffHTML(cyrillic),
];
const results = [];
for (const call of calls) {
  try {
    results.push(call());
  } catch (e) {
    results.push(\`\${e.constructor.name}: \${e.message}\`);
  }
}
console.log(JSON.stringify(results));`;
  const flags = how === 'jitless' ? ['--jitless'] : [];
  const out = execFileSync(process.execPath, [...flags, '--input-type=module', '-e', code], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out);
}

// A copy of pkg/ named `name`, with the detector's .wasm file `wasm` ('missing', 'truncated' to
// its first 100 bytes, or 'kept') and without the files in `removed`: the path of its `entry`.
function copy(name, wasm, removed, entry = 'detect.node.mjs') {
  const to = join(dir, name);
  cpSync(join(root, 'pkg'), to, { recursive: true });
  const file = join(to, 'detect_bg.wasm');
  if (wasm === 'missing') rmSync(file);
  if (wasm === 'truncated') writeFileSync(file, readFileSync(file).subarray(0, 100));
  for (const f of removed) rmSync(join(to, f));
  return join(to, entry);
}

// The .wasm file's answers, with nothing else to fall back on.
const expected = answers(copy('wasm', 'kept', [INLINE, WASM2JS]));

test('the texts are what Node decodes, and the .wasm file alone guesses their encodings', () => {
  for (const { hex, encoding, text } of TEXTS) {
    assert.equal(new TextDecoder(encoding).decode(Buffer.from(hex, 'hex')), text, encoding);
  }
  assert.deepEqual(
    expected.slice(0, TEXTS.length).map((r) => r.encoding),
    TEXTS.map((t) => t.encoding),
  );
  const [notUtf8, two, russian, empty, emptyJp, long, japanese, korean, sniffed, sniffedAlone] = expected.slice(
    TEXTS.length,
  );
  assert.notEqual(notUtf8.encoding, 'UTF-8');
  // E9 E8 is "ИХ" in KOI8-R: so read, with the top-level domain of Russia, not otherwise.
  assert.equal(russian.encoding, 'KOI8-R');
  assert.notEqual(two.encoding, 'KOI8-R');
  // Pure ASCII (nothing here) is the top-level domain's fallback, windows-1252 without one.
  assert.deepEqual([empty.encoding, emptyJp.encoding], ['windows-1252', 'Shift_JIS']);
  assert.equal(long.encoding, 'windows-1251');
  assert.deepEqual([japanese.encoding, korean.encoding], ['Shift_JIS', 'EUC-KR']);
  assert.deepEqual(sniffed, { encoding: 'windows-1251', source: 'detect' });
  assert.deepEqual(sniffedAlone, { encoding: 'windows-1252', source: 'default' });
});

// Each path, and require()'s (pkg/detect.cjs, the same template's CommonJS bundle).
for (const [path, entry, how] of [
  ['the .wasm file missing: its inlined copy', () => copy('inline', 'missing', [WASM2JS])],
  ['the .wasm file and its inlined copy missing: the JavaScript build', () => copy('no-inline', 'missing', [INLINE])],
  ['the .wasm file truncated: the JavaScript build', () => copy('truncated', 'truncated', [INLINE])],
  ['no WebAssembly (node --jitless): the JavaScript build', () => join(root, 'pkg/detect.node.mjs'), 'jitless'],
  ['require(), the .wasm file alone', () => copy('cjs', 'kept', [INLINE, WASM2JS_CJS], 'detect.cjs'), 'require'],
  [
    'require() in a bundle, the .wasm file missing: its inlined copy',
    () => copy('cjs-inline', 'missing', [WASM2JS_CJS], 'detect.cjs'),
    'bundled',
  ],
  [
    'require(), the .wasm file and its inlined copy missing: the JavaScript build',
    () => copy('cjs-no-inline', 'missing', [INLINE], 'detect.cjs'),
    'require',
  ],
  [
    'require(), the .wasm file truncated: the JavaScript build',
    () => copy('cjs-truncated', 'truncated', [INLINE], 'detect.cjs'),
    'require',
  ],
]) {
  test(`${path} gives what the .wasm file gives`, () => {
    assert.deepEqual(answers(entry(), how), expected);
  });
}

// Where nothing can be bound: every call of the detector throws, with both causes; sniffHTML,
// which needs only the main entry's module, still answers.
const NO_WASM2JS = (file) =>
  new RegExp(
    `; its JavaScript build could not be loaded either \\(Error: Cannot find module '[^']*${file.replaceAll('.', '\\.')}'`,
  );
for (const [path, entry, how, causes] of [
  [
    'the .wasm file truncated, no JavaScript build',
    () => copy('truncated-alone', 'truncated', [WASM2JS]),
    'import',
    [
      /its WebAssembly module could not be loaded \(CompileError: WebAssembly\.Module\(\): [^)]*\)/,
      NO_WASM2JS(WASM2JS),
    ],
  ],
  [
    'no .wasm file, inlined copy or JavaScript build',
    () => copy('nothing', 'missing', [INLINE, WASM2JS]),
    'import',
    [
      /its WebAssembly module could not be loaded \(Error: Cannot find module '[^']*wasm-inline-detect\.mjs'/,
      NO_WASM2JS(WASM2JS),
    ],
  ],
  [
    'require(), the .wasm file truncated, no JavaScript build',
    () => copy('cjs-truncated-alone', 'truncated', [WASM2JS_CJS], 'detect.cjs'),
    'require',
    [
      /its WebAssembly module could not be loaded \(CompileError: WebAssembly\.Module\(\): [^)]*\)/,
      NO_WASM2JS(WASM2JS_CJS),
    ],
  ],
]) {
  test(`${path}: every call of the detector throws an Error naming both causes`, () => {
    const results = answers(entry(), how);
    for (const r of results.slice(0, -1)) {
      assert.match(r, /^Error: encoding-wasm\/detect cannot run: /);
      for (const cause of causes) assert.match(r, cause);
    }
    assert.deepEqual(results.at(-1), expected.at(-1));
  });
}
