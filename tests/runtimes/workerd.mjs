// Runs the shared cases in Cloudflare's workerd (the `workerd` npm package). workerd does not
// resolve node_modules and refuses to compile wasm from bytes, so, as a bundler such as wrangler
// would, this lists every file of the packed package as a module (.wasm files as wasm modules) and
// maps 'encoding-wasm' (and its other subpaths) to the files that package.json's exports give for
// the `workerd` condition. The worker runs the cases on a request to a random loopback port, and
// encoding-wasm/detect's. A second worker (an isolate of its own, where the full entry is never
// imported) runs lite.mjs's cases and then the shared ones against 'encoding-wasm/lite' and its add-ons. Both also
// run postal-mime.mjs's cases: the email parser (listed like the package, as 'postal-mime') over
// legacy-charset messages with the entry's TextDecoder as the global. A third runs the first one's
// code bundled by esbuild without `--conditions=workerd`, as someone who forgot it would: the
// bundle has the browser entry, whose wasm module workerd cannot fetch nor compile, so the package
// must work through its JavaScript build.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'esbuild';
import { families } from '../../scripts/layout.mjs';
import {
  bin,
  casesIndex,
  consumerProject,
  finishAll,
  freePort,
  repoRoot,
  resolveExport,
  run,
  sharedDir,
} from './lib.mjs';

// workerd refuses a compatibility date later than its own release: use the release's date, which
// its npm version carries (1.YYYYMMDD.N).
const workerdVersion = JSON.parse(readFileSync(join(repoRoot, 'node_modules/workerd/package.json'), 'utf8')).version;
const COMPATIBILITY_DATE = workerdVersion.split('.')[1].replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3');
const timeoutMs = Number(process.env.RUNTIME_TIME_LIMIT ?? 300) * 1000;
const deadline = Date.now() + timeoutMs;

const { dir, pkgDir } = consumerProject('workerd');
cpSync(sharedDir, join(dir, 'tests/js/shared'), { recursive: true });
cpSync(join(repoRoot, 'tests/runtimes/harness.mjs'), join(dir, 'harness.mjs'));
writeFileSync(
  join(dir, 'cases.mjs'),
  casesIndex((f) => `./tests/js/shared/${f}`),
);
const packageJson = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
// Each specifier the workers import is a module re-exporting the package's file for it.
const ADDONS = families();
const subpaths = ['.', './polyfill', './lite', ...ADDONS.map((name) => `./${name}`), './detect'];
const CONDITIONS = ['workerd', 'worker', 'browser', 'import'];
const shims = subpaths.map((subpath, i) => {
  const name = `encoding-wasm${subpath.slice(1)}`;
  const target = join('node_modules/encoding-wasm', resolveExport(packageJson, subpath, CONDITIONS));
  writeFileSync(
    join(dir, `shim${i}.mjs`),
    `export * from ${JSON.stringify(`./${posix.relative(posix.dirname(name), target)}`)};\n`,
  );
  return [name, `shim${i}.mjs`];
});
// postal-mime's ES modules (its default export is all the cases use).
const postalMimeDir = join(dir, 'node_modules/postal-mime');
const postalMimeJson = JSON.parse(readFileSync(join(repoRoot, 'node_modules/postal-mime/package.json'), 'utf8'));
const postalMimeMain = resolveExport(postalMimeJson, '.', CONDITIONS);
const postalMimeModules = posix.dirname(postalMimeMain);
cpSync(join(repoRoot, 'node_modules/postal-mime', postalMimeModules), join(postalMimeDir, postalMimeModules), {
  recursive: true,
});
writeFileSync(
  join(dir, 'postal-mime-shim.mjs'),
  `export { default } from ${JSON.stringify(`./${posix.join('node_modules/postal-mime', postalMimeMain)}`)};\n`,
);
shims.push(['postal-mime', 'postal-mime-shim.mjs']);
writeFileSync(
  join(dir, 'main.mjs'),
  `import * as lib from 'encoding-wasm';
import * as detect from 'encoding-wasm/detect';
import { addCounts, polyfillSuite, runSuites, summary } from './harness.mjs';
import suites, { detectCases, standardEncodings } from './cases.mjs';
import postalMimeCases from './tests/js/shared/postal-mime.mjs';

export default {
  async fetch() {
    const lines = [];
    const log = (line) => lines.push(line);
    const mail = ['postal-mime.mjs', postalMimeCases(() => import('postal-mime'))];
    const polyfill = polyfillSuite(lib, () => import('encoding-wasm/polyfill'), standardEncodings);
    // The polyfill last: it may replace globals the other cases use.
    const counts = addCounts(
      await runSuites(lib, [...suites, mail], { log }),
      await runSuites(detect, [['detect.mjs', detectCases]], { log }),
      await runSuites(lib, [polyfill], { log }),
    );
    lines.push(summary(counts));
    return new Response(lines.join('\\n') + '\\n');
  },
};
`,
);
writeFileSync(
  join(dir, 'lite.mjs'),
  `import * as lib from 'encoding-wasm/lite';
import { liteSuites, runSuites, summary } from './harness.mjs';
import suites, { liteCases, standardEncodings } from './cases.mjs';
import postalMimeCases from './tests/js/shared/postal-mime.mjs';

const addons = {
${ADDONS.map((name) => `  ${JSON.stringify(name)}: () => import('encoding-wasm/${name}'),`).join('\n')}
};

export default {
  async fetch() {
    const lines = [];
    const mail = ['postal-mime.mjs', postalMimeCases(() => import('postal-mime'))];
    const all = liteSuites([...suites, mail], liteCases, (name) => addons[name](), standardEncodings);
    const counts = await runSuites(lib, all, { log: (line) => lines.push(line) });
    lines.push(summary(counts));
    return new Response(lines.join('\\n') + '\\n');
  },
};
`,
);

// The first worker bundled (its 'encoding-wasm' resolved from node_modules, browser conditions;
// 'postal-mime' by its shim, as in the other workers).
const browserEntry = `node_modules/encoding-wasm/${resolveExport(packageJson, '.', ['browser', 'import'])}`;
await build({
  entryPoints: [join(dir, 'main.mjs')],
  outfile: join(dir, 'bundle.mjs'),
  absWorkingDir: dir,
  alias: { 'postal-mime': './postal-mime-shim.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  logLevel: 'warning',
});
if (!readFileSync(join(dir, 'bundle.mjs'), 'utf8').includes(`// ${posix.normalize(browserEntry)}\n`)) {
  throw new Error(`esbuild's bundle does not hold ${browserEntry}: the third worker would not test it`);
}

const KINDS = { '.mjs': 'esModule', '.js': 'esModule', '.wasm': 'wasm', '.json': 'json' };
const kindOf = (file) => KINDS[file.slice(file.lastIndexOf('.'))];
function* walk(root) {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (kindOf(entry.name) && entry.name !== 'package.json') yield relative(dir, path);
  }
}
const module = (name, file) => `(name = ${JSON.stringify(name)}, ${kindOf(file)} = embed ${JSON.stringify(file)})`;
const modules = [
  ...shims.map(([name, file]) => module(name, file)),
  ...['harness.mjs', 'cases.mjs', ...walk(join(dir, 'tests')), ...walk(pkgDir), ...walk(postalMimeDir)].map((f) =>
    module(f, f),
  ),
];
// A worker whose main module is `main`, with every other module.
const worker = (main) => `(
  modules = [
    ${[module(main, main), ...modules].join(',\n    ')}
  ],
  compatibilityDate = "${COMPATIBILITY_DATE}",
)`;
const ports = [];
while (ports.length < 3) {
  const port = await freePort();
  if (!ports.includes(port)) ports.push(port);
}
const [port, litePort, bundlePort] = ports;
writeFileSync(
  join(dir, 'config.capnp'),
  `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .cases),
    (name = "lite", worker = .lite),
    (name = "bundle", worker = .bundle),
  ],
  sockets = [
    (name = "http", address = "127.0.0.1:${port}", http = (), service = "main"),
    (name = "lite", address = "127.0.0.1:${litePort}", http = (), service = "lite"),
    (name = "bundle", address = "127.0.0.1:${bundlePort}", http = (), service = "bundle"),
  ],
);

const cases :Workerd.Worker = ${worker('main.mjs')};

const lite :Workerd.Worker = ${worker('lite.mjs')};

const bundle :Workerd.Worker = (
  modules = [${module('bundle.mjs', 'bundle.mjs')}],
  compatibilityDate = "${COMPATIBILITY_DATE}",
);
`,
);

const server = run(bin('workerd'), ['serve', join(dir, 'config.capnp')], { cwd: dir, timeoutMs });
let exited = null;
server.then((result) => {
  exited = result;
});

// The report of the worker listening on `port`, as a run's result (see lib.mjs's finishAll).
async function fetchReport(port) {
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(deadline - Date.now()) });
      return { code: 0, lines: (await response.text()).trimEnd().split('\n') };
    } catch (e) {
      if (e.name === 'TimeoutError') break;
      await sleep(200); // not listening yet
    }
  }
  return { ...(exited ?? { code: 124, timedOut: true }), lines: [] };
}

finishAll('workerd', [
  ['', await fetchReport(port)],
  ['[lite] ', await fetchReport(litePort)],
  ['[esbuild, browser entry] ', await fetchReport(bundlePort)],
]);
