// Where neither WebAssembly nor the JavaScript build (wasm2js) can be loaded, in `node --jitless`
// (no WebAssembly global): no entry throws at import, every API throws an Error that names the
// cause, and the polyfill installs nothing. Such places: the entries that have no JavaScript build
// (inline-wasm, and require() bundled for browsers: index.inline.cjs), and each other entry of a
// copy of pkg/ whose JavaScript build is deleted. The same entries of the intact pkg/ decode
// there, so it is the missing build that each failure comes from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { families, modules as layoutModules } from '../../scripts/layout.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const everyApi = pathToFileURL(join(root, 'tests/js/shared/every-api.mjs')).href;
const dir = mkdtempSync(join(tmpdir(), 'encoding-wasm-no-webassembly-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

// pkg/ without its JavaScript build.
const broken = join(dir, 'pkg');
cpSync(join(root, 'pkg'), broken, { recursive: true });
const deleted = readdirSync(broken).filter((f) => /_bg\.wasm2js\.[cm]?js$/.test(f));
for (const f of deleted) rmSync(join(broken, f));

// require('encoding-wasm') and require('encoding-wasm/polyfill') as a browser bundle has them.
const bundle = join(dir, 'browser-require.cjs');
await build({
  stdin: {
    contents:
      "exports.api = require('encoding-wasm');\nexports.requirePolyfill = () => require('encoding-wasm/polyfill');\n",
    resolveDir: root,
    loader: 'js',
  },
  outfile: bundle,
  bundle: true,
  format: 'cjs',
  platform: 'browser',
  logLevel: 'warning',
});

// Runs `body` as an ES module under node --jitless, with `load(file)` importing an ES module or
// requiring a CommonJS one and `WebAssembly` checked absent first; returns what it prints as JSON.
function jitless(body) {
  const code = `import { createRequire } from 'node:module';
if (typeof WebAssembly !== 'undefined') throw new Error('WebAssembly exists under node --jitless');
const require = createRequire(import.meta.url);
const load = async (file) => (file.endsWith('.cjs') ? require(file) : import(file));
${body}`;
  const out = execFileSync(process.execPath, ['--jitless', '--input-type=module', '-e', code], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out);
}

// The problems unclearFailures finds with the API of `file`, where no module can be bound.
const apiProblems = (file, why) =>
  jitless(`const { unclearFailures } = await import(${JSON.stringify(everyApi)});
const api = await load(${JSON.stringify(file)});
console.log(JSON.stringify(unclearFailures(api.api ?? api, new RegExp(${JSON.stringify(why.source)}))));`);

// The globals that loading the polyfill `file` (or running `call`, for the bundle) changed, with
// TextDecoderStream made missing first (a runtime without it).
const polyfillChanges = (file, call = '') =>
  jitless(`const names = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
delete globalThis.TextDecoderStream;
const before = names.map((name) => globalThis[name]);
const loaded = await load(${JSON.stringify(file)});
${call}
console.log(JSON.stringify(names.filter((name, i) => globalThis[name] !== before[i])));`);

// What the API of `files[0]` decodes from Shift_JIS 82A0, あ (jis0208 pointer 283), once every
// file is loaded (the lite entry needs the japanese add-on).
const decodeShiftJis = (files) =>
  jitless(`const [api] = await Promise.all(${JSON.stringify(files)}.map(load));
console.log(JSON.stringify(new api.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0]))));`);

// The entries with a JavaScript build, and the lite ones' add-on for the control.
const ENTRIES = ['index.node.mjs', 'index.cjs', 'index.browser.mjs', 'lite.node.mjs', 'lite.cjs'];
const ADDON = { 'lite.node.mjs': 'japanese.node.mjs', 'lite.cjs': 'japanese.cjs' };
const POLYFILLS = ['polyfill.node.mjs', 'polyfill.cjs', 'polyfill.browser.mjs'];
const NO_BUILD =
  /^encoding-wasm cannot run: this runtime has no WebAssembly; its JavaScript build could not be loaded either \(/;

test('the copy of pkg/ lacks the whole JavaScript build', () => {
  // The full module, lite, the four add-ons and the detector's, for import and for require().
  const own = layoutModules().filter((m) => m.wasm !== undefined);
  assert.deepEqual(
    own.map((m) => m.name),
    ['detect'],
  );
  const modules = ['encoding_wasm', 'lite', ...families(), ...own.map((m) => m.name)];
  const files = modules.flatMap((name) => [`${name}_bg.wasm2js.mjs`, `${name}_bg.wasm2js.cjs`]);
  assert.deepEqual(deleted.sort(), files.sort());
});

for (const entry of ENTRIES) {
  test(`${entry}: without WebAssembly it decodes through its JavaScript build`, () => {
    const files = ADDON[entry] ? [entry, ADDON[entry]] : [entry];
    assert.equal(decodeShiftJis(files.map((f) => join(root, 'pkg', f))), 'あ');
  });
  test(`${entry}: without either, import succeeds and every API throws an Error naming the cause`, () => {
    assert.deepEqual(apiProblems(join(broken, entry), NO_BUILD), []);
  });
}

for (const entry of POLYFILLS) {
  test(`${entry}: without either, it loads and installs nothing`, () => {
    assert.deepEqual(polyfillChanges(join(broken, entry)), []);
  });
  test(`${entry}: without either, its status says why it installed nothing`, () => {
    const status = jitless(`const { status } = await load(${JSON.stringify(join(broken, entry))});
console.log(JSON.stringify(status));`);
    assert.deepEqual([status.installed, status.kept], [[], []]);
    assert.match(status.reason, NO_BUILD);
  });
}

// encoding-wasm/detect binds the detector's own module (its JavaScript build here) apart from the
// encodings' registry: with it, detect() guesses ("Привет" in windows-1251); without it, detect()
// and Detector throw an Error naming the detector's module, as sniffHTML does the main entry's.
const DETECT_NO_BUILD =
  /^Error: encoding-wasm\/detect cannot run: this runtime has no WebAssembly; its JavaScript build could not be loaded either \(/;
for (const entry of ['detect.node.mjs', 'detect.cjs', 'detect.browser.mjs']) {
  const calls = (file) =>
    jitless(`const detect = await load(${JSON.stringify(file)});
const results = [];
for (const call of [
  () => detect.detect(new Uint8Array([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2])).encoding,
  () => typeof new detect.Detector(),
  () => detect.sniffHTML(new Uint8Array([0x3c])).source,
]) {
  try {
    results.push(call());
  } catch (e) {
    results.push(\`\${e.constructor.name}: \${e.message}\`);
  }
}
console.log(JSON.stringify(results));`);
  test(`${entry}: without WebAssembly, detect() runs on the detector's JavaScript build`, () => {
    assert.deepEqual(calls(join(root, 'pkg', entry)), ['windows-1251', 'object', 'default']);
  });
  test(`${entry}: without either, detect() and Detector throw an Error naming the cause`, () => {
    const [detected, detector, sniffed] = calls(join(broken, entry));
    assert.match(detected, DETECT_NO_BUILD);
    assert.match(detector, DETECT_NO_BUILD);
    assert.match(sniffed.slice('Error: '.length), NO_BUILD);
  });
}

test('the inline-wasm entry (no JavaScript build): every API throws an Error naming the cause', () => {
  assert.deepEqual(
    apiProblems(
      join(root, 'pkg/index.inline.mjs'),
      /^encoding-wasm cannot run: this runtime has no WebAssembly; the inline-wasm entry has no JavaScript build: bundle with the 'no-wasm' export condition where WebAssembly is refused\.$/,
    ),
    [],
  );
});

test('the inline-wasm polyfill loads and installs nothing', () => {
  assert.deepEqual(polyfillChanges(join(root, 'pkg/polyfill.inline.mjs')), []);
});

test('require() bundled for browsers (index.inline.cjs): every API throws an Error naming the cause', () => {
  assert.deepEqual(
    apiProblems(
      bundle,
      /^encoding-wasm cannot run: this runtime has no WebAssembly; require\(\) in a bundle for browsers has no JavaScript build: import 'encoding-wasm' instead, or bundle with the 'no-wasm' export condition\.$/,
    ),
    [],
  );
});

test('require() bundled for browsers: its polyfill loads and installs nothing', () => {
  assert.deepEqual(polyfillChanges(bundle, 'loaded.requirePolyfill();'), []);
});

test('the JavaScript build grows its memory with the typed-array copy captured at load', () => {
  // A replaced %TypedArray%.prototype.set that decodes elsewhere during the copy once made every
  // later call of the module wrong.
  const out = jitless(`const { TextDecoder, encode } = await load(${JSON.stringify(join(root, 'pkg/index.node.mjs'))});
new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0]));
const proto = Object.getPrototypeOf(Int8Array.prototype);
const set = proto.set;
let ran = false;
proto.set = function (...args) {
  if (!ran && this instanceof Int8Array && this.length >= 1 << 20) {
    ran = true;
    new TextDecoder('shift_jis').decode(new Uint8Array(2 << 20).fill(0x41));
  }
  return Reflect.apply(set, this, args);
};
encode('\\u3042'.repeat(1 << 20), 'shift_jis'); // grows the memory
proto.set = set;
console.log(JSON.stringify([1, 2, 100].map((n) => new TextDecoder('shift_jis').decode(new Uint8Array(n).fill(0x42)))));`);
  assert.deepEqual(out, ['B', 'BB', 'B'.repeat(100)]);
});

// The Error every API throws carries what failed as its cause, for code that reads it rather than
// the message: the JavaScript build's failed import, or, in the inline-wasm entry, the missing
// WebAssembly global.
test("the Error's cause is what failed", () => {
  const causes = jitless(`const causes = [];
for (const file of ${JSON.stringify([join(broken, 'index.node.mjs'), join(root, 'pkg/index.inline.mjs')])}) {
  const api = await load(file);
  try {
    new api.TextDecoder();
  } catch (e) {
    causes.push([e.cause?.constructor.name, e.cause?.code ?? e.cause?.message]);
  }
}
console.log(JSON.stringify(causes));`);
  assert.deepEqual(causes, [
    ['Error', 'ERR_MODULE_NOT_FOUND'],
    ['ReferenceError', 'WebAssembly is not defined'],
  ]);
});
