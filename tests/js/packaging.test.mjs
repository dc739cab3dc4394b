// The package as runtimes and bundlers see it: the exports map, CommonJS, per-runtime entries,
// TypeScript declarations, and the wasm-bindgen glue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { posix } from 'node:path';
import * as esm from 'encoding-wasm';
import {
  directoryPackages,
  entryKinds,
  exportsMap,
  families,
  filesList,
  modules as layoutModules,
  sideEffectsList,
} from '../../scripts/layout.mjs';
import { wasmBindgenVersion } from '../../scripts/tools.mjs';

const root = new URL('../../', import.meta.url);
const pkgJson = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const API = [
  'TextDecoder',
  'TextEncoder',
  'TextDecoderStream',
  'TextEncoderStream',
  'encode',
  'getEncoding',
  'decode',
  'LegacyEncoder',
  'LegacyEncoderStream',
  'inspect',
  'encodings',
];

function targets(node, out = []) {
  if (typeof node === 'string') out.push(node);
  else for (const v of Object.values(node)) targets(v, out);
  return out;
}

test('every file the exports map names exists, for every runtime condition', () => {
  for (const t of targets(pkgJson.exports)) assert.ok(existsSync(new URL(t, root)), t);
  for (const sub of ['.', './polyfill', './polyfill/always']) {
    const conds = Object.keys(pkgJson.exports[sub]);
    assert.deepEqual(
      conds,
      [
        'types',
        'react-native',
        'no-wasm',
        'workerd',
        'inline-wasm',
        'deno',
        'bun',
        'node',
        'browser',
        'import',
        'require',
        'default',
      ],
      sub,
    );
  }
});

// package.json and the directories' package.json files are what scripts/layout.mjs makes (the
// tests here check what it makes, written out).
test("package.json's exports, files and sideEffects, and the directories' package.json files, are the layout's", () => {
  const fix = 'run `node scripts/layout.mjs --write`';
  assert.deepEqual(pkgJson.exports, exportsMap(), fix);
  assert.deepEqual(pkgJson.files, filesList(), fix);
  assert.deepEqual(pkgJson.sideEffects, sideEffectsList(), fix);
  for (const { file, json } of directoryPackages()) assert.deepEqual(JSON.parse(read(file)), json, `${file}: ${fix}`);
});

// The lite entry and the add-ons (one per family of Cargo.toml): the file each runtime's condition
// picks, written out.
const ADDONS = families();
const RUNTIME_FILES = {
  'react-native': 'nowasm',
  'no-wasm': 'nowasm',
  workerd: 'workerd',
  'inline-wasm': 'inline',
  deno: 'node',
  bun: 'node',
  node: 'node',
};

test('the lite entry, every add-on and detect resolve, for every condition, to their file for that runtime', () => {
  const subpaths = ['lite', ...ADDONS, 'detect'];
  for (const name of subpaths) {
    assert.deepEqual(
      Object.keys(pkgJson.exports[`./${name}`]),
      ['types', 'react-native', 'no-wasm', 'workerd', 'inline-wasm', 'deno', 'bun', 'node', 'default'],
      name,
    );
    assert.equal(pkgJson.exports[`./${name}`].default, `./pkg/${name}.browser.mjs`, name);
    assert.deepEqual(pkgJson.exports[`./${name}`].types, {
      import: `./pkg/${name}.d.ts`,
      require: `./pkg/${name}.d.cts`,
    });
    for (const runtime of ['node', 'bun']) {
      assert.deepEqual(pkgJson.exports[`./${name}`][runtime], {
        import: `./pkg/${name}.node.mjs`,
        require: `./pkg/${name}.cjs`,
      });
    }
  }
  // Node's own resolver, with each condition added (Node's `node` and `import` are always on).
  const script = `for (const n of ${JSON.stringify(subpaths)}) console.log(import.meta.resolve('encoding-wasm/' + n));`;
  for (const [condition, runtime] of Object.entries(RUNTIME_FILES)) {
    const out = execFileSync(process.execPath, [`--conditions=${condition}`, '--input-type=module', '-e', script], {
      cwd: new URL('.', import.meta.url),
      encoding: 'utf8',
    });
    assert.deepEqual(
      out.trimEnd().split('\n'),
      subpaths.map((name) => new URL(`pkg/${name}.${runtime}.mjs`, root).href),
      condition,
    );
  }
});

test('the lite entry exports exactly the API; the add-ons export nothing', async () => {
  for (const runtime of ['node', 'inline', 'nowasm']) {
    assert.deepEqual(Object.keys(await import(new URL(`pkg/lite.${runtime}.mjs`, root))).sort(), [...API].sort());
    for (const name of ADDONS) {
      assert.deepEqual(Object.keys(await import(new URL(`pkg/${name}.${runtime}.mjs`, root))), [], name);
    }
  }
  // The browser and workerd entries fetch or import their .wasm, which Node does not: their source.
  for (const runtime of ['browser', 'workerd']) {
    assert.match(read(`pkg/lite.${runtime}.mjs`), /^export \* from '\.\/index\.mjs';$/m);
    for (const name of ADDONS) assert.doesNotMatch(read(`pkg/${name}.${runtime}.mjs`), /^export /m, name);
  }
  // Where `exports` is ignored, each directory's package.json names the browser file and the types.
  for (const name of ['lite', ...ADDONS]) {
    assert.deepEqual(JSON.parse(read(`${name}/package.json`)), {
      private: true,
      module: `../pkg/${name}.browser.mjs`,
      types: `../pkg/${name}.d.ts`,
      sideEffects: true,
    });
  }
  // Their types: lite's are the full entry's; an add-on's declare nothing.
  assert.equal(read('pkg/lite.d.ts'), read('js/index.d.ts'));
  for (const name of ADDONS) {
    const dts = read(`pkg/${name}.d.ts`);
    assert.deepEqual(
      dts.split('\n').filter((line) => line !== '' && !line.startsWith('//')),
      ['export {};'],
      name,
    );
  }
});

test('the ESM entry exports exactly the API', () => {
  assert.deepEqual(Object.keys(esm).sort(), [...API].sort());
});

test('require() in Node gives the same API, working', () => {
  const require = createRequire(import.meta.url);
  const cjs = require('encoding-wasm');
  assert.deepEqual(Object.keys(cjs).sort(), [...API].sort());
  assert.equal(new cjs.TextDecoder('latin1').decode(new Uint8Array([0x80])), '\u20AC');
  assert.deepEqual(Array.from(cjs.encode('\u00E9', 'utf-16be')), [0x00, 0xe9]);
  assert.equal(cjs.getEncoding('sjis'), 'Shift_JIS');
});

test("browsers and bundlers compile asynchronously; workerd imports the module; Node's ES entries compile synchronously", () => {
  const browser = read('pkg/index.browser.mjs');
  assert.match(browser, /^\s*const url = new URL\('\.\/encoding_wasm_bg\.wasm', import\.meta\.url\);$/m);
  assert.match(browser, /await WebAssembly\.compileStreaming\(response\)/);
  assert.match(browser, /await WebAssembly\.compile\(await response\.arrayBuffer\(\)\)/);
  assert.match(read('pkg/index.inline.mjs'), /await WebAssembly\.compile\(wasmBytes\(\)\)/);
  const workerd = read('pkg/index.workerd.mjs');
  assert.match(workerd, /^import module from '\.\/encoding_wasm_bg\.wasm';/m);
  // Node's entries read and compile their module synchronously (quicker than the promise APIs at
  // start-up), the full entry a family's module on first use (see index.node.mjs).
  const node = read('pkg/index.node.mjs');
  assert.match(node, /^\s*const lite = instantiate\(new WebAssembly\.Module\(bytes\)\);$/m);
  // Each add-on's Node entry reads its family's unpacked build, as the full entry does.
  for (const name of ['lite', ...ADDONS]) {
    const entry = read(`pkg/${name}.node.mjs`);
    assert.match(entry, /^\s*return instantiate\(new WebAssembly\.Module\(bytes\)\);$/m, name);
    const file = name === 'lite' ? 'lite_bg.wasm' : `${name}-unpacked_bg.wasm`;
    assert.ok(entry.includes(`readFileSync(new URL('./${file}', import.meta.url))`), `${name} reads ${file}`);
    if (name === 'lite') continue;
    // The full entries, ES module and CommonJS, read it on first use.
    const later = (call) => new RegExp(`bindFamilyLater\\('${name}', \\(\\) =>\\s*${call}`);
    assert.match(node, later(`readFileSync\\(new URL\\('\\./${file}', import\\.meta\\.url\\)\\)`));
    assert.match(read('pkg/index.cjs'), later(`readFileSync\\(join\\(__dirname, '${file}'\\)\\)`));
  }
  // Nothing else compiles synchronously or reads files: the glue's initSync (also in Node's shared
  // chunk) compiles bytes synchronously, but the entries only ever pass it a module; what loads a
  // family later (node-families.mjs) is Node's alone.
  for (const f of readdirSync(new URL('pkg/', root)).filter(
    (f) =>
      f.endsWith('.mjs') &&
      !f.endsWith('.node.mjs') &&
      !['glue.mjs', 'node-shared.mjs', 'node-families.mjs'].includes(f),
  )) {
    assert.doesNotMatch(read(`pkg/${f}`), /new WebAssembly\.Module|readFileSync/, f);
  }
});

test('every entry falls back to its module compiled to JavaScript; the no-wasm entries use it synchronously', () => {
  for (const name of ['index', 'lite', ...ADDONS]) {
    const file = `./${name === 'index' ? 'encoding_wasm' : name}_bg.wasm2js.mjs`;
    // Imported only where WebAssembly fails: a runtime with it loads nothing more.
    for (const runtime of ['browser', 'node']) {
      const entry = read(`pkg/${name}.${runtime}.mjs`);
      if (runtime === 'node' && name === 'index') continue; // bundled by Rollup: below
      assert.ok(entry.includes(`() => import('${file}')`), `${name}.${runtime}.mjs imports ${file} on failure`);
      assert.doesNotMatch(entry, /^import .*wasm2js/m, `${name}.${runtime}.mjs`);
    }
    // The inline entries, for single-file bundles, have none: it would be in every bundle.
    assert.doesNotMatch(read(`pkg/${name}.inline.mjs`), /wasm2js/, `${name}.inline.mjs`);
    const nowasm = read(`pkg/${name}.nowasm.mjs`);
    assert.ok(nowasm.includes(`import { instantiate } from '${file}';`), `${name}.nowasm.mjs imports ${file}`);
    assert.doesNotMatch(nowasm, /\bawait\b|import\(/, `${name}.nowasm.mjs waits for nothing`);
  }
  assert.match(read('pkg/index.node.mjs'), /\(\) => import\('\.\/encoding_wasm_bg\.wasm2js\.mjs'\)/);
  assert.match(read('pkg/index.cjs'), /\(\) => require\('\.\/encoding_wasm_bg\.wasm2js\.cjs'\)/);
  // Node's shared chunk leaves them out.
  assert.doesNotMatch(read('pkg/node-shared.mjs'), /function asmFunc/);
});

test('require() in a browser bundle gets the same API, instantiated from the inlined module', () => {
  const pkgExports = pkgJson.exports['.'];
  assert.equal(pkgExports.browser.require, './pkg/index.inline.cjs');
  // Node cannot require wasm-inline.mjs (an ES module); bundlers can: run the file as they would.
  const source = read('pkg/index.inline.cjs');
  const required = createRequire(new URL('pkg/index.inline.cjs', root));
  const module = { exports: {} };
  const bytes = readFileSync(new URL('pkg/encoding_wasm_bg.wasm', root));
  const load = (id) => (id === './wasm-inline.mjs' ? { wasmBytes: () => bytes } : required(id));
  new Function('require', 'module', 'exports', source)(load, module, module.exports);
  assert.deepEqual(Object.keys(module.exports).sort(), [...API].sort());
  assert.equal(new module.exports.TextDecoder('big5').decode(new Uint8Array([0xa4, 0x40])), '\u4E00');
});

test('the inlined module is the wasm file', async () => {
  const { wasmBytes } = await import(new URL('pkg/wasm-inline.mjs', root));
  assert.deepEqual(Buffer.from(wasmBytes()), readFileSync(new URL('pkg/encoding_wasm_bg.wasm', root)));
});

test('import() of the package from CommonJS', async () => {
  const out = execFileSync(
    process.execPath,
    ['--input-type=commonjs', '-e', "import('encoding-wasm').then((m) => console.log(m.getEncoding('sjis')))"],
    { cwd: new URL('.', import.meta.url), encoding: 'utf8' },
  );
  assert.equal(out, 'Shift_JIS\n');
});

test('the glue creates no TextDecoder/TextEncoder and passes no strings', () => {
  for (const f of ['pkg/glue.mjs', 'pkg/api.cjs']) {
    assert.doesNotMatch(read(f), /new Text(De|En)coder|TextDecoder\(|TextEncoder\(/, f);
  }
  const imports = WebAssembly.Module.imports(
    new WebAssembly.Module(readFileSync(new URL('pkg/encoding_wasm_bg.wasm', root))),
  );
  assert.ok(
    imports.every((i) => !/string|externref_table_alloc/i.test(i.name)),
    JSON.stringify(imports),
  );
});

test("encoding-wasm/detect: each runtime's entry loads that runtime's API entry, then js/detect/; its declarations cover its exports", async () => {
  for (const kind of ['browser.mjs', 'workerd.mjs', 'inline.mjs', 'nowasm.mjs', 'node.mjs']) {
    const text = read(`pkg/detect.${kind}`);
    assert.match(text, new RegExp(`^import '\\./index\\.${kind.replace('.', '\\.')}';$`, 'm'), kind);
  }
  // Node's: js/detect/ in the entry itself, not in the chunk every Node entry loads.
  assert.match(read('pkg/detect.node.mjs'), /function prescanAByteStreamToDetermineItsEncoding\(/);
  assert.doesNotMatch(read('pkg/node-shared.mjs'), /prescanAByteStream|HTMLDecoderStream/);
  // require(): the CommonJS API's registry, not a copy of its own (wasm.mjs reads the table of
  // encodings); the detector's module bound by js/detect/bind.mjs, read from its file.
  const cjs = read('pkg/detect.cjs');
  assert.match(cjs, /require\("\.\/index\.cjs"\)/);
  assert.match(cjs, /require\("\.\/api\.cjs"\)/);
  assert.doesNotMatch(cjs, /function readTable\(|class TextDecoder\b/);
  assert.match(cjs, /readFileSync\(join\(__dirname, "\.\/detect_bg\.wasm"\)\)/);
  // Every runtime's entry loads the detector's own module (its file, inlined copy or JavaScript
  // build), and no other entry does.
  for (const [kind, file] of [
    ['browser.mjs', 'detect_bg.wasm'],
    ['workerd.mjs', 'detect_bg.wasm'],
    ['node.mjs', 'detect_bg.wasm'],
    ['inline.mjs', 'wasm-inline-detect.mjs'],
    ['nowasm.mjs', 'detect_bg.wasm2js.mjs'],
  ]) {
    assert.ok(read(`pkg/detect.${kind}`).includes(`'./${file}'`), `${kind} loads ${file}`);
  }
  for (const f of readdirSync(new URL('pkg/', root))) {
    if (/\.[cm]?js$/.test(f) && !f.includes('detect'))
      assert.ok(!/detect_bg|wasm-inline-detect/.test(read(`pkg/${f}`)), f);
  }
  const dts = read('js/detect.d.ts');
  const declared = [...dts.matchAll(/^export declare (?:class|function) (\w+)/gm)].map((m) => m[1]);
  const detect = await import('encoding-wasm/detect');
  assert.deepEqual(declared.sort(), Object.keys(detect).sort());
  assert.equal(read('pkg/detect.d.ts'), dts);
  assert.equal(read('pkg/detect.d.cts'), dts);
});

test('TypeScript declarations cover every export', () => {
  const dts = read('js/index.d.ts');
  // (A function with overloads is declared once per overload.)
  const declared = new Set([...dts.matchAll(/^export declare (?:class|function) (\w+)/gm)].map((m) => m[1]));
  assert.deepEqual([...declared].sort(), [...API].sort());
  assert.equal(read('pkg/index.d.ts'), dts);
  assert.equal(read('pkg/index.d.cts'), dts);
  assert.ok(existsSync(new URL('pkg/polyfill.d.ts', root)));
});

test('set-up and build install wasm-bindgen-cli at the version of Cargo.lock; the build uses the wasm profile', () => {
  const locked = /\[\[package\]\]\nname = "wasm-bindgen"\nversion = "([^"]+)"/.exec(read('Cargo.lock'))[1];
  assert.equal(wasmBindgenVersion(), locked);
  const tools = read('scripts/tools.mjs');
  assert.match(tools, /'rustup', \['target', 'add', 'wasm32-unknown-unknown'\]/);
  assert.match(tools, /'cargo', \['install', 'wasm-bindgen-cli', '--version', version\]/);
  assert.match(read('scripts/setup.sh'), /^node scripts\/tools\.mjs /m);
  const build = read('scripts/build.mjs');
  assert.match(build, /installTools\(wasmBindgenVersion\(metadata\)\)/);
  assert.match(build, /'--profile', 'wasm'/);
  assert.match(read('Cargo.toml'), /\[profile\.wasm\][^[]*strip = false/);
  assert.match(pkgJson.scripts.build, /scripts\/build\.mjs/);
});

// What `npm pack` puts in the tarball: the built package, the CLI, its metadata, licenses and docs; no
// sources, tests or build output beyond pkg/.
const packed = () =>
  JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  )[0].files.map((f) => f.path);

test("the tarball's file list", () => {
  const modules = readdirSync(new URL('js/', root)).filter(
    (f) => /\.[cm]js$/.test(f) && f !== 'api.cjs.mjs' && !f.startsWith('template.'),
  );
  // The polyfills' entries, made by the build for each runtime.
  for (const m of layoutModules().filter((m) => m.polyfill !== undefined)) {
    modules.push(...entryKinds(m).map((kind) => `${m.name}.${kind}`));
  }
  // The modules of JavaScript over the API (detect): their files of js/, an entry per runtime, types.
  const sourced = layoutModules().filter((m) => m.source !== undefined);
  assert.deepEqual(
    sourced.map((m) => m.name),
    ['detect'],
  );
  for (const m of sourced) {
    const dir = posix.dirname(m.source);
    modules.push(...readdirSync(new URL(`js/${dir}/`, root)).map((f) => `${dir}/${f}`));
    modules.push(...entryKinds(m).map((kind) => `${m.name}.${kind}`), `${m.types}.d.ts`, `${m.types}.d.cts`);
  }
  assert.equal(modules.filter((f) => f.startsWith('polyfill')).length, 2 + 2 * 7);
  const webidl = readdirSync(new URL('webidl/', root)).map((f) => `webidl/${f}`);
  const bin = readdirSync(new URL('bin/', root)).map((f) => `bin/${f}`);
  const expected = [
    ...bin,
    'LICENSE-APACHE',
    'LICENSE-MIT',
    'README.md',
    ...['api', 'cli', 'design', 'performance', 'runtimes'].map((doc) => `docs/${doc}.md`),
    'package.json',
    'polyfill/package.json',
    'polyfill/always/package.json',
    // For resolvers that ignore `exports` (Parcel's default, TypeScript's node10), as polyfill/.
    ...['lite', ...ADDONS, ...sourced.map((m) => m.name)].map((name) => `${name}/package.json`),
    ...webidl,
    ...[
      ...modules,
      'api.cjs',
      'glue.mjs',
      // Node's entries share this chunk (see scripts/build.mjs).
      'node-shared.mjs',
      'wasm-inline.mjs',
      'encoding_wasm_bg.wasm',
      'index.d.ts',
      'index.d.cts',
      'polyfill.d.ts',
      'polyfill.d.cts',
      // The lite entry and the add-ons: a module, its inlined copy, an entry per runtime.
      // Node's copy of each family's module, its indexes unpacked.
      ...ADDONS.map((name) => `${name}-unpacked_bg.wasm`),
      ...layoutModules()
        .filter((m) => m.name === 'lite' || ADDONS.includes(m.name))
        .flatMap((m) => [
          `${m.name}_bg.wasm`,
          `wasm-inline-${m.name}.mjs`,
          `${m.name}.d.ts`,
          `${m.name}.d.cts`,
          ...entryKinds(m).map((kind) => `${m.name}.${kind}`),
        ]),
      // The modules with a wasm module of their own (detect): the module and its inlined copy.
      ...layoutModules()
        .filter((m) => m.wasm !== undefined)
        .flatMap((m) => [`${m.name}_bg.wasm`, `wasm-inline-${m.name}.mjs`]),
      // Every module compiled to JavaScript (as an ES module, and for require()), and their glue.
      ...[
        'encoding_wasm',
        'lite',
        ...ADDONS,
        ...layoutModules()
          .filter((m) => m.wasm !== undefined)
          .map((m) => m.name),
      ].flatMap((name) => [`${name}_bg.wasm2js.mjs`, `${name}_bg.wasm2js.cjs`]),
      'glue-wasm2js.mjs',
    ].map((f) => `pkg/${f}`),
  ];
  assert.deepEqual(packed().sort(), expected.sort());
});

test('every relative import in the packed modules, and every file package.json names, is packed', () => {
  const files = new Set(packed());
  for (const f of files) {
    if (!/\.[cm]js$/.test(f)) continue;
    for (const [, spec] of read(f).matchAll(/(?:from |import |require\()'(\.[^']+)'/g)) {
      assert.ok(files.has(posix.join(posix.dirname(f), spec)), `${f} imports ${spec}`);
    }
  }
  const named = [pkgJson.main, pkgJson.module, pkgJson.types, ...targets(pkgJson.exports)];
  for (const dir of ['polyfill', 'polyfill/always', 'lite', ...ADDONS, 'detect']) {
    const stub = JSON.parse(read(`${dir}/package.json`));
    named.push(...[stub.main, stub.module, stub.types].filter(Boolean).map((p) => posix.join(dir, p)));
  }
  for (const p of named) assert.ok(files.has(posix.normalize(p)), p);
});

test('no link or comment points at a file that is not there', () => {
  for (const doc of ['README.md', ...readdirSync(new URL('docs/', root)).map((f) => `docs/${f}`)]) {
    for (const [, link] of read(doc).matchAll(/\]\(([^)#\s]+)/g)) {
      if (/^[a-z]+:/.test(link)) continue;
      assert.ok(existsSync(new URL(posix.join(posix.dirname(doc), link), root)), `${doc} links ${link}`);
    }
  }
  for (const entry of readdirSync(new URL('js/', root), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const f = posix.relative(new URL('js/', root).pathname, posix.join(entry.parentPath ?? entry.path, entry.name));
    for (const [, path] of read(`js/${f}`).matchAll(/\b((?:docs|js|scripts|tests|src)\/[\w./-]*\w)/g)) {
      if (path === 'src/string_bytes.cc') continue; // Node's source, named as such
      assert.ok(existsSync(new URL(path, root)) || path.startsWith('pkg/'), `js/${f} names ${path}`);
    }
  }
});

test('package.json: licenses, repository, engines', () => {
  assert.equal(pkgJson.license, 'MIT OR Apache-2.0');
  assert.match(read('LICENSE-MIT'), /^MIT License\n/);
  assert.match(read('LICENSE-APACHE'), /Apache License\s+Version 2\.0, January 2004/);
  assert.match(pkgJson.repository.url, /^git\+https:\/\/github\.com\/[\w-]+\/[\w-]+\.git$/);
  assert.ok(pkgJson.homepage && pkgJson.bugs.url);
  assert.match(pkgJson.engines.node, /^>=\d+$/);
});
