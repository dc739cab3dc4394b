// Runs a shared case (tests/js/shared/*.cases.mjs) as a node --test subtest: a case that throws
// Skip (shared/assert.mjs) is marked skipped with its reason.
import { isSkip } from './shared/assert.mjs';

export async function runCase(t, fn, lib) {
  try {
    await fn(lib);
  } catch (e) {
    if (!isSkip(e)) throw e;
    t.skip(e.message);
  }
}
