// Serves the demo page (www/) and the built package on 127.0.0.1, building pkg/ first if it is
// missing. Usage: `npm start` (port 8080, or a free one when 8080 is taken; PORT=n to choose, 0 for any
// free port; the URL is printed on stdout).
import { createServer } from 'node:http';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const www = join(root, 'www');

// The browser entry point of the package's `subpath`, as its package.json declares it.
function packageEntry(subpath = '.') {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  let entry = pkg.exports?.[subpath] ?? (subpath === '.' ? (pkg.exports ?? pkg.module ?? pkg.main) : null);
  while (entry && typeof entry === 'object') {
    entry = entry.browser ?? entry.import ?? entry.default ?? Object.values(entry)[0];
  }
  return relative(root, resolve(root, entry)).split(sep).join('/');
}

// Runs an npm command with its output on stderr, so stdout carries only the URL.
function npm(...args) {
  console.error(`> npm ${args.join(' ')}`);
  if (spawnSync('npm', args, { cwd: root, stdio: ['ignore', 2, 2] }).status !== 0) {
    console.error(`\`npm ${args.join(' ')}\` failed`);
    process.exit(1);
  }
}

let entry = packageEntry();
if (!existsSync(join(root, 'pkg')) || !existsSync(join(root, entry))) {
  // The build needs the pinned devDependencies (wasm-opt from binaryen).
  if (!existsSync(join(root, 'node_modules', 'binaryen'))) npm('ci');
  npm('run', 'build');
  entry = packageEntry();
}
// Stable URLs for the package's entries: the API and encoding-wasm/detect (which imports the
// API's entry beside it, so both share one module).
const STABLE = { '/encoding-wasm.js': entry, '/encoding-wasm-detect.js': packageEntry('./detect') };
// The package's files are served from their own directories, so relative imports keep working.
const packageDirs = [...new Set(['pkg', dirname(entry)])].filter((d) => d && d !== '.');

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

// Everything the page loads comes from this origin: no external requests can sneak in.
const headers = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self' data: blob:; " +
    "img-src 'self' data: blob:; style-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'",
};

// Maps a URL path to a file: /encoding-wasm.js is the package entry, /<package dir>/… its files,
// anything else comes from www/. Returns null for paths that escape those directories.
function fileFor(pathname) {
  const parts = decodeURIComponent(pathname).split('/').filter(Boolean);
  if (parts.some((p) => p === '..' || p.includes('\\') || p.includes('\0'))) return null;
  const rel = parts.join('/');
  if (packageDirs.some((d) => rel === d || rel.startsWith(`${d}/`))) return join(root, rel);
  return join(www, rel || 'index.html');
}

const server = createServer(async (req, res) => {
  try {
    const { pathname } = new URL(req.url, 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, headers).end();
      return;
    }
    if (Object.hasOwn(STABLE, pathname)) {
      // A stable URL for the package (page and worker alike; workers have no import maps).
      const body = `export * from '/${STABLE[pathname]}';\n`;
      res.writeHead(200, { ...headers, 'Content-Type': types['.js'] }).end(req.method === 'HEAD' ? '' : body);
      return;
    }
    let file = fileFor(pathname);
    if (file && (await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
    const body = file && (await readFile(file).catch(() => null));
    if (!body) {
      res.writeHead(404, { ...headers, 'Content-Type': types['.txt'] }).end('Not found\n');
      return;
    }
    const type = types[extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (err) {
    res.writeHead(500, headers).end(String(err));
  }
});

// PORT if given (0: any free port), else 8080, or a free port when 8080 is taken.
const wanted = process.env.PORT;
server.on('error', (err) => {
  if (err.code === 'EADDRINUSE' && wanted === undefined) {
    console.log('encoding-wasm demo: port 8080 is in use; picking a free one (set PORT to choose)');
    server.listen(0, '127.0.0.1');
    return;
  }
  console.error(`encoding-wasm demo: cannot listen on 127.0.0.1:${wanted ?? 8080}: ${err.message}`);
  process.exit(1);
});
server.on('listening', () => {
  console.log(`encoding-wasm demo: http://127.0.0.1:${server.address().port}/`);
});
server.listen(Number(wanted ?? 8080), '127.0.0.1');
