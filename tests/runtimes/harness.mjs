// Runs the shared cases (tests/js/shared/*.cases.mjs) against the package's module namespace, in
// any runtime: one line per case; callers end with `summary()`, exactly
// `N passed, N failed, N skipped`. A case that throws a Skip (tests/js/shared/assert.mjs: the
// runtime lacks what it needs) is skipped, with its reason. No runtime-specific APIs.

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
  let skipped = 0;
  for (const [file, cases] of suites) {
    for (const [name, fn] of cases) {
      const label = `${prefix}${file}: ${name}`;
      try {
        await withTimeLimit(
          Promise.resolve().then(() => fn(lib)),
          CASE_TIME_LIMIT_MS,
        );
        passed++;
        log(`ok ${label}`);
      } catch (e) {
        // By name: the cases' Skip comes from their own copy of assert.mjs.
        if (e instanceof Error && e.name === 'Skip') {
          skipped++;
          log(`skip ${label}: ${e.message}`);
        } else {
          failed++;
          log(`FAIL ${label}: ${describe(e)}`);
        }
      }
    }
  }
  return { passed, failed, skipped };
}

/// Inputs where runtimes' native decoders have been found wrong (docs/runtimes.md, "Polyfill"), in calls on
/// one decoder, with the standard's output (worked by hand from its index files).
const DIVERGENT = [
  ['windows-1252', [[[0x93], '\u201C']]],
  ['iso-8859-16', [[[0xa1], '\u0104']]],
  ['x-user-defined', [[[0x80], '\uF780']]],
  ['euc-kr', [[[0x8c, 0x63], '\uB620']]],
  ['big5', [[[0x88, 0x62, 0x88, 0x64, 0x80], '\u00CA\u0304\u00CA\u030C\uFFFD']]],
  ['shift_jis', [[[0x87, 0x40, 0xfa, 0x40, 0x80], '\u2460\u2170\u0080']]],
  ['gb18030', [[[0x81, 0x30, 0x81, 0x30, 0xe3, 0x32, 0x9a, 0x35, 0xff], '\u0080\u{10FFFF}\uFFFD']]],
  [
    'euc-jp',
    [
      [[0x8f, 0xa1], '\uFFFD'],
      [[0xa4, 0xa2], '\u3042'],
    ],
  ],
  [
    'iso-2022-jp',
    [
      [[0x1b, 0x24, 0x42, 0x30, 0x21, 0x0a], '\u4E9C\uFFFD'],
      [[0x41, 0x1b], 'A\uFFFD'],
      [[0x1c], '\x1C'],
    ],
  ],
];

/// The polyfill entry, loaded by `load()` (each runtime imports 'encoding-wasm/polyfill' its own
/// way): with the stream classes made missing first, it must install the package's own (`lib`), and
/// leave globals that accept every label of the standard's encodings.json (`standardEncodings`)
/// but replacement's, and a TextDecoder (the runtime's, if kept) that decodes as the standard
/// where runtimes have been found wrong.
export function polyfillSuite(lib, load, standardEncodings) {
  const streams = ['TextDecoderStream', 'TextEncoderStream'];
  return [
    'polyfill',
    [
      [
        "import 'encoding-wasm/polyfill' installs what is missing, and every label works",
        async () => {
          // Shadowed rather than deleted: some runtimes (workerd) keep them on the global's prototype.
          for (const name of streams) {
            Object.defineProperty(globalThis, name, { value: undefined, writable: true, configurable: true });
          }
          await load();
          for (const name of streams) {
            if (globalThis[name] !== lib[name])
              throw new Error(`globalThis.${name} is not the package's after the polyfill`);
          }
          for (const name of ['TextDecoder', 'TextEncoder']) {
            if (typeof globalThis[name] !== 'function')
              throw new Error(`globalThis.${name} is ${typeof globalThis[name]}`);
          }
          for (const { encodings } of standardEncodings) {
            for (const { name, labels } of encodings) {
              if (name === 'replacement') continue;
              for (const label of labels) {
                for (const Class of [globalThis.TextDecoder, globalThis.TextDecoderStream]) {
                  const got = new Class(label).encoding;
                  if (got !== name.toLowerCase())
                    throw new Error(`new ${Class.name}(${JSON.stringify(label)}).encoding is ${JSON.stringify(got)}`);
                }
              }
            }
          }
        },
      ],
      [
        "after 'encoding-wasm/polyfill', TextDecoder decodes as the standard where natives have been wrong",
        async () => {
          await load();
          const show = (s) => Array.from(s, (c) => c.codePointAt(0).toString(16)).join(' ');
          for (const [label, calls] of DIVERGENT) {
            const decoder = new globalThis.TextDecoder(label);
            for (const [bytes, expected] of calls) {
              const got = decoder.decode(new Uint8Array(bytes));
              if (got !== expected) throw new Error(`${label}: ${bytes} gives ${show(got)}, not ${show(expected)}`);
            }
          }
        },
      ],
    ],
  ];
}

/// For the engines that stand for those without WebAssembly (Hermes, QuickJS): that they lack it,
/// so that the package's build without it is what the other cases test.
export const noWebAssemblySuite = [
  'engine',
  [
    [
      'this engine has no WebAssembly',
      () => {
        if (typeof WebAssembly !== 'undefined') throw new Error(`WebAssembly is ${typeof WebAssembly} here`);
      },
    ],
  ],
];

export const summary = ({ passed, failed, skipped = 0 }) => `${passed} passed, ${failed} failed, ${skipped} skipped`;

/// The counts of several runSuites calls, added.
export const addCounts = (...all) =>
  all.reduce((a, c) => ({ passed: a.passed + c.passed, failed: a.failed + c.failed, skipped: a.skipped + c.skipped }), {
    passed: 0,
    failed: 0,
    skipped: 0,
  });

/// The suites for the lite entry ('encoding-wasm/lite'), to run in a realm where the full entry is
/// never imported: lite.mjs's cases (the entry alone, then each add-on imported by `load(name)`),
/// then every shared case with all add-ons loaded. No polyfill check: the polyfill imports the full
/// entry.
export const liteSuites = (suites, liteCases, load, standardEncodings) => [
  ['lite.mjs', liteCases({ load, standardEncodings })],
  ...suites,
];
