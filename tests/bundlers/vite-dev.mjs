// Serves an app with Vite's dev server (as `vite` does, with its dependency pre-bundling) on
// 127.0.0.1 and an ephemeral port, and prints the URL:  node vite-dev.mjs <app directory>
import { createServer } from 'vite';

const server = await createServer({
  root: process.argv[2],
  logLevel: 'warn',
  server: { host: '127.0.0.1', port: 0, strictPort: false },
});
await server.listen();
console.log(`listening on ${server.resolvedUrls.local[0].replace(/\/$/, '')}`);
