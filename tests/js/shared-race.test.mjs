// decode() takes a copy of its input (§ 7.2): a SharedArrayBuffer that another thread keeps
// rewriting must never crash the process or give anything but the decoding of some bytes. (Node's
// own UTF-8 decoder reads such memory twice and crashes on it; the package copies first.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { TextDecoder } from 'encoding-wasm';

const SIZE = 1 << 20;

test('decoding shared memory that a worker rewrites all the time', async () => {
  const sab = new SharedArrayBuffer(SIZE);
  const worker = new Worker(
    `const u = new Uint8Array(require('node:worker_threads').workerData);
     const texts = [Buffer.from('é'.repeat(${SIZE / 2})), Buffer.alloc(${SIZE}, 0x41), Buffer.from('😀'.repeat(${SIZE / 4}))];
     for (let i = 0; ; i++) u.set(texts[i % 3]);`,
    { eval: true, workerData: sab },
  );
  try {
    const view = new Uint8Array(sab);
    const decoders = [new TextDecoder(), new TextDecoder('utf-8', { fatal: true }), new TextDecoder('utf-16le')];
    for (const start = Date.now(); Date.now() - start < 3000; ) {
      for (const d of decoders) {
        let text;
        try {
          text = d.decode(view);
        } catch (e) {
          assert.ok(e instanceof TypeError && d.fatal, String(e));
          continue;
        }
        // Some bytes' decoding: one to SIZE code units (each byte gives at most one).
        assert.ok(text.length > 0 && text.length <= SIZE, `${text.length} code units`);
      }
    }
  } finally {
    await worker.terminate();
  }
});
