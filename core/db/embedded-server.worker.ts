import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { EmbeddedWireServer } from './embedded-wire-server.js';
import { embeddedStartParams, type EmbeddedSettings } from './embedded-settings.js';

// Runs the embedded PostgreSQL (PGlite, WebAssembly) on its own thread and serves it on a private Unix
// socket, so query execution never competes with the relay for the main event loop. The database exists
// already (connect.ts creates it in a separate process).
const { dir, settings } = workerData as { dir: string; settings: EmbeddedSettings };
const db = await PGlite.create(dir, { startParams: embeddedStartParams(PGlite.defaultStartParams, settings) });
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
