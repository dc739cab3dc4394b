// npm start (scripts/serve.mjs) when its port is taken: 8080 busy means another free port, said
// on stdout; a PORT that is busy is one line on stderr and exit 1, not a stack trace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serve = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));

// A listener on 127.0.0.1:port, or null when something else already holds the port (then it is
// taken all the same).
function occupy(port) {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', (e) => (e.code === 'EADDRINUSE' ? resolve(null) : reject(e)));
    s.listen(port, '127.0.0.1', () => resolve(s));
  });
}

// Runs serve.mjs with the environment `env` until it prints a URL or exits.
function start(env) {
  const child = spawn(process.execPath, [serve], { env, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) => {
    child.stdout.on('data', (d) => {
      stdout += d;
      if (/http:\/\/127\.0\.0\.1:\d+\//.test(stdout)) resolve({ child, stdout, stderr, code: null });
    });
    child.on('exit', (code) => resolve({ child, stdout, stderr, code }));
  });
}

test('8080 taken: another free port, said on stdout, and the page is served there', async (t) => {
  const holder = await occupy(8080);
  t.after(() => holder?.close());
  const { PORT, ...env } = process.env;
  const { child, stdout, code } = await start(env);
  t.after(() => child.kill());
  assert.equal(code, null, stdout);
  assert.match(stdout, /port 8080 is in use; picking a free one/);
  const port = Number(/127\.0\.0\.1:(\d+)\//.exec(stdout)[1]);
  assert.notEqual(port, 8080);
  const res = await fetch(`http://127.0.0.1:${port}/`);
  assert.equal(res.status, 200);
  assert.match(await res.text(), /<html/i);
});

test('a PORT that is taken: one line on stderr and exit 1', async (t) => {
  const holder = await occupy(0);
  t.after(() => holder.close());
  const port = holder.address().port;
  const { stdout, stderr, code } = await start({ ...process.env, PORT: String(port) });
  assert.equal(code, 1, stdout);
  assert.equal(stderr.trim().split('\n').length, 1, stderr);
  assert.match(stderr, new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`));
});
