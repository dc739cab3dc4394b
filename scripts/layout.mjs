// The package's layout, in one place: the modules it exports (the API entry, the polyfills, the
// lite entry and one add-on per family, the families being Cargo.toml's default features) × the
// runtimes (each export condition and the entry file it picks). scripts/build.mjs makes the
// entries from it, `node scripts/layout.mjs --write` writes package.json's exports, files and
// sideEffects and the directories' package.json files from it, and tests/js/packaging.test.mjs
// fails when they differ.

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The runtimes: each export condition, in the order resolvers try them, and the kind of entry file
// it picks (a file `pkg/<module>.<kind>`; `{ import, require }` where both are served).
// `api`: only for the modules with a CommonJS build for browser bundles (the API and polyfills).
export const CONDITIONS = [
  { condition: 'react-native', file: 'nowasm.mjs' },
  { condition: 'no-wasm', file: 'nowasm.mjs' },
  { condition: 'workerd', file: 'workerd.mjs' },
  { condition: 'inline-wasm', file: { import: 'inline.mjs' } },
  { condition: 'deno', file: 'node.mjs' },
  { condition: 'bun', file: { import: 'node.mjs', require: 'cjs' } },
  { condition: 'node', file: { import: 'node.mjs', require: 'cjs' } },
  { condition: 'browser', file: { require: 'inline.cjs', default: 'browser.mjs' }, api: true },
  { condition: 'import', file: 'browser.mjs', api: true },
  { condition: 'require', file: 'cjs', api: true },
  { condition: 'default', file: 'browser.mjs' },
];

// Each kind of entry file: the file of js/ that the lite entry's and the add-ons' are made from
// (the full module's names replaced by theirs), and the polyfills' (two lines over the API entry
// of the same runtime, or over Node's shared chunk).
export const RUNTIMES = {
  'node.mjs': { template: 'template.node.mjs' },
  'browser.mjs': { template: 'index.browser.mjs' },
  'workerd.mjs': { template: 'index.workerd.mjs' },
  'inline.mjs': { template: 'index.inline.mjs' },
  'nowasm.mjs': { template: 'index.nowasm.mjs' },
  cjs: { template: 'template.cjs' },
  'inline.cjs': { template: null },
};

// The families: Cargo.toml's default features but `lite`, from `cargo metadata`.
let features = null;
export function cargoFeatures() {
  features ??= JSON.parse(
    execFileSync('cargo', ['metadata', '--no-deps', '--format-version', '1'], { cwd: root, encoding: 'utf8' }),
  ).packages[0].features.default;
  return features;
}
export const families = () => cargoFeatures().filter((f) => f !== 'lite');

// The modules: their subpath, the base name of their files in pkg/, their declarations, and whether
// they are API modules (with the `api` conditions: a CommonJS build for browser bundles). A module
// with a `source` is JavaScript of js/ (that file and what it imports) over the API entry of each
// runtime, with declarations of its own (js/<types>.d.ts); one with `wasm` (Cargo features) also
// loads a wasm module of its own, built with those features, the way an add-on loads its family's.
export function modules() {
  return [
    { subpath: '.', name: 'index', types: 'index', api: true },
    { subpath: './polyfill', name: 'polyfill', types: 'polyfill', api: true, polyfill: '' },
    { subpath: './polyfill/always', name: 'polyfill-always', types: 'polyfill', api: true, polyfill: 'always' },
    { subpath: './lite', name: 'lite', types: 'lite' },
    ...families().map((f) => ({ subpath: `./${f}`, name: f, types: f })),
    { subpath: './detect', name: 'detect', types: 'detect', source: 'detect/index.mjs', wasm: 'detect' },
  ];
}

const kindsOf = (m) => CONDITIONS.filter((c) => m.api || !c.api);
const fileOf = (m, kind) => `./pkg/${m.name}.${kind}`;

// package.json's `exports`.
export function exportsMap() {
  const map = {};
  for (const m of modules()) {
    const entry = { types: { import: `./pkg/${m.types}.d.ts`, require: `./pkg/${m.types}.d.cts` } };
    for (const { condition, file } of kindsOf(m)) {
      entry[condition] =
        typeof file === 'string'
          ? fileOf(m, file)
          : Object.fromEntries(Object.entries(file).map(([k, kind]) => [k, fileOf(m, kind)]));
    }
    map[m.subpath] = entry;
  }
  map['./package.json'] = './package.json';
  return map;
}

// The kinds of entry file a module has (`node.mjs` …).
export function entryKinds(m) {
  return [...new Set(kindsOf(m).flatMap(({ file }) => (typeof file === 'string' ? [file] : Object.values(file))))];
}

// For resolvers that ignore `exports` (Parcel's default, TypeScript's node10): a package.json in
// each subpath's directory naming the files.
export function directoryPackages() {
  return modules()
    .filter((m) => m.subpath !== '.')
    .map((m) => {
      const dir = m.subpath.slice(2);
      const up = dir.replace(/[^/]+/g, '..');
      const json = { private: true };
      if (m.api) json.main = `${up}/pkg/${m.name}.cjs`;
      json.module = `${up}/pkg/${m.name}.browser.mjs`;
      json.types = `${up}/pkg/${m.types}.${m.api ? 'd.cts' : 'd.ts'}`;
      json.sideEffects = true;
      return { file: `${dir}/package.json`, json };
    });
}

// package.json's `files` (of the subpaths' directories, their package.json only: detect/ also
// holds the detector's training scripts) and `sideEffects`.
export function filesList() {
  const dirs = directoryPackages().map(({ file }) => file);
  return ['bin/', 'pkg/', ...dirs, 'webidl/', 'docs/', 'LICENSE-MIT', 'LICENSE-APACHE', 'README.md'];
}
export function sideEffectsList() {
  return [...modules().map((m) => `./pkg/${m.name}.*.mjs`), './pkg/*.cjs'];
}

// `node scripts/layout.mjs --write`: package.json and the directories' package.json files, as above.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  const path = join(root, 'package.json');
  const json = JSON.parse(readFileSync(path, 'utf8'));
  json.exports = exportsMap();
  json.files = filesList();
  json.sideEffects = sideEffectsList();
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
  for (const { file, json: dirJson } of directoryPackages()) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), `${JSON.stringify(dirJson, null, 2)}\n`);
  }
}
