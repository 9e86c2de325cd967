import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { EmbeddedWireServer } from './embedded-wire-server.js';

// Runs the embedded PostgreSQL (PGlite, WebAssembly) on its own thread and serves it on a private Unix
// socket, so query execution never competes with the relay for the main event loop.
const { dataDir } = workerData as { dataDir: string };
mkdirSync(dataDir, { recursive: true });
const db = await PGlite.create(`${dataDir}/pglite`);
const server = new EmbeddedWireServer(db);
parentPort!.postMessage({ socketPath: await server.listen() });
parentPort!.on('message', (m: unknown) => {
  if (m === 'stop') {
    void (async () => {
      await server.close();
      await db.close();
      parentPort!.postMessage('stopped');
    })();
  }
});
