import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { embeddedStartParams } from './embedded-settings.js';

// Creates a new embedded database and exits: `node embedded-initdb.js <dir> <shared buffers MB>`.
// initdb runs a second PGlite instance beside the one it creates, and their start-up garbage stays in the
// process's malloc arenas after both are closed (~90 MB measured, even in a thread that has exited), so a
// first start does it in a process of its own that gives all of it back by exiting.
const [dir, sharedBuffersMb] = process.argv.slice(2);
if (!dir || !sharedBuffersMb) throw new Error('usage: embedded-initdb <dir> <shared buffers MB>');
mkdirSync(dir, { recursive: true });
const db = await PGlite.create(dir, { startParams: embeddedStartParams(PGlite.defaultStartParams, { sharedBuffersMb: Number(sharedBuffersMb) }) });
await db.close();
