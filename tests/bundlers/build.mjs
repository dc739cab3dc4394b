// Builds one throwaway app (made by run.mjs) with one tool, in a process of its own:
//   node tests/bundlers/build.mjs <tool> <app directory> [page,page...]
// The pages are index (from main.js) and polyfill (polyfill.js) unless others are named, each
// <page>.html from <page>.js.
// Each build is what docs/runtimes.md's "Bundlers and frameworks" section tells users to do; what is
// here beyond that only names this app's pages and where the output goes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [tool, app, named = 'index,polyfill'] = process.argv.slice(2);
const dist = join(app, 'dist');
const names = named.split(',');
// Each page's script, by page name, as `dir` + file.
const scripts = (dir) => Object.fromEntries(names.map((n) => [n, `${dir}${n === 'index' ? 'main' : n}.js`]));
const page = (script, module) =>
  `<!doctype html>\n<meta charset="utf-8">\n<title>encoding-wasm</title>\n<link rel="icon" href="data:,">\n<body>\n<script ${module ? 'type="module"' : 'defer'} src="./${script}"></script>\n`;
const pages = (names, ext, module) => {
  for (const name of names) writeFileSync(join(dist, `${name}.html`), page(`${name}${ext}`, module));
};

async function webpack(config) {
  const { default: webpack } = await import('webpack');
  const stats = await new Promise((resolve, reject) =>
    webpack({ context: app, devtool: false, ...config }, (err, s) => (err ? reject(err) : resolve(s))),
  );
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true, errorDetails: true }));
}

const builds = {
  async vite() {
    const { build } = await import('vite');
    await build({
      root: app,
      logLevel: 'warn',
      build: { outDir: dist, rollupOptions: { input: Object.fromEntries(names.map((n) => [n, `${n}.html`])) } },
    });
  },
  async 'webpack-production'() {
    await webpack({
      mode: 'production',
      entry: scripts('./'),
      output: { path: dist },
    });
    pages(names, '.js', false);
  },
  // require() of the package in a browser bundle.
  async 'webpack-require'() {
    await webpack({ mode: 'production', entry: { index: './require.cjs' }, output: { path: dist } });
    pages(['index'], '.js', false);
  },
  async 'webpack-development'() {
    await webpack({
      mode: 'development',
      entry: scripts('./'),
      output: { path: dist },
    });
    pages(names, '.js', false);
  },
  async 'webpack-node'() {
    await webpack({
      mode: 'production',
      target: 'node',
      entry: {
        main: './node-main.js',
        polyfill: './node-polyfill.js',
        require: './node-require.cjs',
        lite: './node-lite.js',
        detect: './node-detect.js',
      },
      output: { path: dist, filename: '[name].cjs', chunkFilename: '[id].cjs' },
    });
  },
  // One build per page: with both pages in one build, Parcel puts the package in a bundle the
  // pages share and wraps its modules in functions, where top-level await is a syntax error.
  async parcel() {
    const { Parcel } = await import('@parcel/core');
    for (const name of names) {
      const bundler = new Parcel({
        entries: [join(app, `${name}.html`)],
        defaultConfig: '@parcel/config-default',
        mode: 'production',
        cacheDir: join(app, '.parcel-cache'),
        shouldDisableCache: true,
        defaultTargetOptions: { distDir: dist, sourceMaps: false, publicUrl: './' },
      });
      await bundler.run();
    }
  },
  async rollup() {
    const { rollup } = await import('rollup');
    const { nodeResolve } = await import('@rollup/plugin-node-resolve');
    const bundle = await rollup({
      input: scripts(`${app}/`),
      plugins: [nodeResolve({ browser: true, exportConditions: ['inline-wasm'] })],
    });
    await bundle.write({ dir: dist, format: 'es' });
    pages(names, '.js', true);
  },
  async esbuild() {
    const { build } = await import('esbuild');
    await build({
      entryPoints: scripts(`${app}/`),
      bundle: true,
      format: 'esm',
      conditions: ['inline-wasm'],
      outdir: dist,
      logLevel: 'warning',
    });
    pages(names, '.js', true);
  },
  async 'esbuild-node'() {
    const { build } = await import('esbuild');
    await build({
      entryPoints: {
        main: join(app, 'node-main.js'),
        polyfill: join(app, 'node-polyfill.js'),
        lite: join(app, 'node-lite.js'),
        detect: join(app, 'node-detect.js'),
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outdir: dist,
      outExtension: { '.js': '.mjs' },
      logLevel: 'warning',
    });
  },
};

if (!builds[tool]) throw new Error(`unknown tool ${tool}`);
await builds[tool]();
