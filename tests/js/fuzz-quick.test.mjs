// A bounded run of the JS-level fuzzer (tests/fuzz-js/; `npm run fuzz:js -- --seconds N` runs it for
// longer): random cases through the public API checked against the Rust core run natively, first
// with honest buffer sources, then with hostile and resizable ones too. A failure prints, per
// kind, a command that replays one case. FUZZ_SECONDS sets each part's time (default 8).
import { test } from 'node:test';
import { ok } from 'node:assert/strict';
import * as lib from 'encoding-wasm';
import { fuzz } from '../fuzz-js/fuzz.mjs';
import { buildOracle } from '../fuzz-js/oracle.mjs';
import { summarize } from '../fuzz-js/report.mjs';

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 8);
const SEED = Number(process.env.SEED ?? Math.floor(Math.random() * 2 ** 32));

buildOracle();

// Honest sources first: a hostile case that corrupted memory would spoil the cases after it.
for (const honest of [true, false]) {
  test(`the public API equals the Rust core on random cases, ${honest ? 'honest' : 'hostile'} sources (SEED=${SEED})`, async () => {
    const { cases, byType, failures } = await fuzz(lib, { seed: SEED, seconds: SECONDS, honest });
    ok(failures.length === 0, summarize(failures));
    ok(cases > 1000, `only ${cases} cases`);
    for (const [type, count] of Object.entries(byType)) ok(count > 0, type);
  });
}
