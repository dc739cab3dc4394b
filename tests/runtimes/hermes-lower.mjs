// Hermes as React Native runs it: the `hermes` CLI of npm hermes-engine-cli (Hermes 0.12), and
// Babel with the transforms React Native's preset applies where this engine lacks the syntax
// (lowerForHermes rewrites a script bundle in place). Used by hermes.mjs and bench/engines.mjs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformAsync } from '@babel/core';
import { repoRoot } from './lib.mjs';

const BIN_DIRS = { linux: 'linux64-bin/hermes', darwin: 'osx-bin/hermes', win32: 'win64-bin/hermes.exe' };
export const hermes = join(repoRoot, 'node_modules/hermes-engine-cli', BIN_DIRS[process.platform] ?? BIN_DIRS.linux);

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

export async function lowerForHermes(file) {
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
