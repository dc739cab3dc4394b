// Serves a built Next.js app (`next build` without `output: 'export'`) on 127.0.0.1 and an
// ephemeral port, as `next start` does, and prints the URL:  node next-server.mjs <app directory>
import { createServer } from 'node:http';
import next from 'next';

const dir = process.argv[2];
const app = next({ dir, dev: false, hostname: '127.0.0.1' });
await app.prepare();
const handle = app.getRequestHandler();
const server = createServer((req, res) => handle(req, res));
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
