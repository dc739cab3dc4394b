// Entry for engines that run one script (Hermes, QuickJS): bundled by engines.mjs, beside
// harness.mjs and the generated cases.mjs, with 'encoding-wasm' resolved by the engine's export
// condition. Runs the shared cases, encoding-wasm/detect's, then the polyfill check, as
// cli-entry.mjs does, without top-level await and with the engine's print() for console. The
// streams come from web-streams-polyfill, as in a React Native app.
import 'web-streams-polyfill/polyfill';
import * as lib from 'encoding-wasm';
import * as detect from 'encoding-wasm/detect';
import { addCounts, noWebAssemblySuite, polyfillSuite, runSuites, summary } from './harness.mjs';
import suites, { detectCases, standardEncodings } from './cases.mjs';

const { print } = globalThis;
const run = async () =>
  addCounts(
    await runSuites(lib, [noWebAssemblySuite, ...suites], { log: print }),
    await runSuites(detect, [['detect.mjs', detectCases]], { log: print }),
    await runSuites(lib, [polyfillSuite(lib, () => import('encoding-wasm/polyfill'), standardEncodings)], {
      log: print,
    }),
  );
run().then(
  (counts) => print(summary(counts)),
  (e) => print(`FAIL harness: ${e}`),
);
