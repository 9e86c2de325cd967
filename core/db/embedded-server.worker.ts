import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

// Runs the embedded PostgreSQL (PGlite, WebAssembly) on its own thread and serves it on a loopback port,
// so query execution never competes with the relay for the main event loop.
const { dataDir } = workerData as { dataDir: string };
mkdirSync(dataDir, { recursive: true });
const db = await PGlite.create(`${dataDir}/pglite`);
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 64 });
await server.start();
parentPort!.postMessage({ address: server.getServerConn() });
parentPort!.on('message', (m: unknown) => {
  if (m === 'stop') {
    void (async () => {
      await server.stop();
      await db.close();
      parentPort!.postMessage('stopped');
    })();
  }
});
