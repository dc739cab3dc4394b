// Runs the shared cases (tests/js/shared/*.cases.mjs) against the package's module namespace, in
// any runtime: one line per case, then exactly `N passed, N failed`. No runtime-specific APIs.

const CASE_TIME_LIMIT_MS = 20_000;

function withTimeLimit(promise, ms) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

const describe = (e) => {
  if (e === null || typeof e !== 'object') return String(e);
  const name = e.name === 'Error' ? e.constructor.name : e.name;
  return `${name}: ${e.message}`;
};

/// `suites` is `[[file, cases]]` where `cases` is a cases module's default export; `prefix` tags
/// each line (e.g. the realm it ran in). Returns the counts; `log` receives every line.
export async function runSuites(lib, suites, { log = console.log, prefix = '' } = {}) {
  let passed = 0;
  let failed = 0;
  for (const [file, cases] of suites) {
    for (const [name, fn] of cases) {
      const label = `${prefix}${file}: ${name}`;
      try {
        await withTimeLimit(Promise.resolve().then(() => fn(lib)), CASE_TIME_LIMIT_MS);
        passed++;
        log(`ok ${label}`);
      } catch (e) {
        failed++;
        log(`FAIL ${label}: ${describe(e)}`);
      }
    }
  }
  return { passed, failed };
}

export const summary = ({ passed, failed }) => `${passed} passed, ${failed} failed`;
