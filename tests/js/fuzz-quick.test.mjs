// A bounded run of the JS-level fuzzer (tests/fuzz-js/; `npm run fuzz:js -- --seconds N` runs it for
// longer, with a new seed): random cases through the public API checked against the Rust core run
// natively, first with honest buffer sources, then with hostile and resizable ones too. The seeds
// are a fixed list, so every run is the same (FUZZ_SEEDS=random runs new ones: fuzz/README.md,
// "Seeds"); FUZZ_CASES sets the cases per seed. A failure prints, per kind, a command that replays
// one case.
import { test } from 'node:test';
import { ok } from 'node:assert/strict';
import * as lib from 'encoding-wasm';
import { fuzz, SHARES } from '../fuzz-js/fuzz.mjs';
import { seedList } from '../fuzz-js/inputs.mjs';
import { buildOracle } from '../fuzz-js/oracle.mjs';
import { summarize } from '../fuzz-js/report.mjs';

const CASES = Number(process.env.FUZZ_CASES ?? 8000);
const SEEDS = seedList([0x3c6ef372, 0xa54ff53a]);

buildOracle();

// Honest sources first: a hostile case that corrupted memory would spoil the cases after it.
for (const honest of [true, false]) {
  for (const seed of SEEDS) {
    test(`the public API equals the Rust core on ${CASES} random cases, ${honest ? 'honest' : 'hostile'} sources (SEED=${seed})`, async () => {
      const { cases, byType, failures } = await fuzz(lib, { seed, cases: CASES, honest });
      ok(failures.length === 0, `SEED=${seed}: ${summarize(failures)}`);
      // Every kind of case ran, about as often as drawn (at least half its share: far below any
      // chance shortfall at these counts, so a kind the generator stopped making is noticed).
      for (const [type, share] of Object.entries(SHARES)) {
        const count = byType[type] ?? 0;
        ok(count >= (share * cases) / 2, `SEED=${seed}: ${count} ${type} of ${cases} cases (share ${share})`);
      }
    });
  }
}
