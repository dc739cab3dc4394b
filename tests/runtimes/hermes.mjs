// Runs the shared cases in Hermes, React Native's engine (the `hermes` CLI of the npm package
// hermes-engine-cli, Hermes 0.12): no WebAssembly, no modules, no class syntax, no
// SharedArrayBuffer. The cases get what a React Native app gets: 'encoding-wasm' resolved with the
// `react-native` condition and bundled into one script (engines.mjs), then lowered by Babel with
// the transforms React Native's Babel preset applies where the engine lacks the syntax (class
// fields and private members, classes, per-iteration let bindings, async functions as
// generators, named capture groups), and web-streams-polyfill for the streams. The full entry with
// the polyfill and the lite entry with its add-ons run side by side, each within the time limit.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformAsync } from '@babel/core';
import { scriptBundles } from './engines.mjs';
import { finishAll, repoRoot, run } from './lib.mjs';

const BIN_DIRS = { linux: 'linux64-bin/hermes', darwin: 'osx-bin/hermes', win32: 'win64-bin/hermes.exe' };
const hermes = join(repoRoot, 'node_modules/hermes-engine-cli', BIN_DIRS[process.platform] ?? BIN_DIRS.linux);
const timeoutMs = Number(process.env.RUNTIME_TIME_LIMIT ?? 300) * 1000;

// Loose, as React Native's preset has them: private members become non-enumerable properties.
const PLUGINS = [
  ['@babel/plugin-transform-class-properties', { loose: true }],
  ['@babel/plugin-transform-private-methods', { loose: true }],
  ['@babel/plugin-transform-private-property-in-object', { loose: true }],
  '@babel/plugin-transform-classes',
  '@babel/plugin-transform-block-scoping',
  '@babel/plugin-transform-async-to-generator',
  '@babel/plugin-transform-named-capturing-groups-regex',
];

async function lower(file) {
  const { code } = await transformAsync(readFileSync(file, 'utf8'), {
    cwd: repoRoot,
    babelrc: false,
    configFile: false,
    sourceType: 'script',
    compact: false,
    plugins: PLUGINS,
  });
  writeFileSync(file, code);
  return file;
}

// -Xmicrotask-queue: promise jobs in the standard's job queue, as React Native runs Hermes (without
// it, this CLI drops the continuation of an awaited async function); -w: no warnings about
// globals the polyfills probe for.
const hermesRun = (file) =>
  run(hermes, ['-Xmicrotask-queue', '-w', file], { quiet: true, timeoutMs, env: { ...process.env, NO_COLOR: '1' } });

const { full, lite } = await scriptBundles('hermes', 'react-native');
const [fullResult, liteResult] = await Promise.all([lower(full).then(hermesRun), lower(lite).then(hermesRun)]);
finishAll('hermes', [
  ['', fullResult],
  ['[lite] ', liteResult],
]);
