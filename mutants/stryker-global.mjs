// Preloaded (NODE_OPTIONS=--import) into every node process of a Stryker run: the instrumented
// code keeps its state in `globalThis.__stryker__`, which it cannot add once a test has frozen the
// global object (polyfill.test.mjs does, in a child process), so it is made before any test runs.
globalThis.__stryker__ ??= {};
