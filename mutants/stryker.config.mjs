// StrykerJS over js/, run by scripts/mutants.mjs (npm run mutants). The tests import the package
// from pkg/, so each sandbox is built once with the instrumented js/ (`build.mjs --js`, over the
// wasm modules already in pkg/), and every mutant runs the test command, which stops at the first
// failing file: the fastest files, and those that kill the most, first. (Measured with nice on the
// loaded 2-core machine: no-webassembly 5 s and detect-fallbacks 6-10 s, after decoder-sequences' 4 s
// and shared-race's 4 s (a worker rewrites shared memory being decoded: without the copy, a crash);
// fuzz-quick, memory and cli 20-32 s. detector-memory, 16 s, and primordials' re-entry tests come
// last: what they alone catch, a detector's state left in the module or a module that takes a call
// while busy, should be rare. With the busy flag never set, those hang, which Stryker counts as a
// timeout, so a kill. primordials' other tests watch for built-ins called during our calls, and
// Stryker's instrumentation calls them.)
const TESTS = [
  'webidl',
  'buffer-node',
  'shared',
  'detect',
  'shared-without-natives',
  'wrong-natives',
  'inspect',
  'inspect-reference',
  'polyfill',
  'natives',
  'self-tests',
  'single-byte',
  'lite',
  'lite-without-natives',
  'unbound',
  'node-lazy',
  'decoder-sequences',
  'shared-race',
  'no-webassembly',
  'detect-fallbacks',
  'fuzz-quick',
  'memory',
  'cli',
  'detector-memory',
];
const REENTRY = "node --test --test-name-pattern='is refused' tests/js/primordials.test.mjs";

// Every node process the tests start, children included, loads it first.
const preload = `export NODE_OPTIONS=--import=${new URL('stryker-global.mjs', import.meta.url)};`;

export default {
  testRunner: 'command',
  commandRunner: {
    command: `${preload} ${[...TESTS.map((t) => `node --test tests/js/${t}.test.mjs`), REENTRY].join(' && ')}`,
  },
  buildCommand: 'node scripts/build.mjs --js',
  // Not the templates scripts/build.mjs makes entries from (it checks their shape).
  mutate: [
    'js/*.mjs',
    'js/*.cjs',
    'js/detect/*.mjs',
    '!js/template.*',
    '!js/index.browser.mjs',
    '!js/index.workerd.mjs',
    '!js/index.inline.mjs',
    '!js/index.nowasm.mjs',
  ],
  ignorePatterns: ['/target', '/fuzz', '/bench/corpus', '/detect/corpus', '/test-results', '/mutants/out', '/www'],
  coverageAnalysis: 'off',
  concurrency: 1,
  timeoutMS: 60000,
  // The initial run of the whole chain takes 4 minutes unloaded, far more on a busy machine.
  dryRunTimeoutMinutes: 30,
  // A mutant's limit is the initial run's time times this, plus timeoutMS: under a varying load a
  // survivor's whole chain outlasted 1.5 times it (Stryker's default) and was taken for a loop.
  timeoutFactor: 3,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'mutants/out/stryker.json' },
  tempDirName: 'mutants/out/stryker-tmp',
  cleanTempDir: true,
};
