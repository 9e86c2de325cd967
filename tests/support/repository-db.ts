import { PGlite } from '@electric-sql/pglite';
import { connect, type Socket } from 'node:net';
import postgres from 'postgres';
import { driverOptions, type Sql } from '../../core/db/connect.js';
import { EmbeddedWireServer } from '../../core/db/embedded-wire-server.js';
import { migrate } from '../../core/db/migrate.js';
import { createPostgresDatabase, testDbKind } from './test-database.js';

export interface RepositoryDb {
  sql: Sql;
  close(): Promise<void>;
}

/**
 * A migrated database for repository tests, with the gateway's driver options (int8 parsed to numbers): a
 * fresh PostgreSQL database when FERRYMAN_TEST_DB=postgres, else an in-memory embedded database served the
 * way the gateway serves its own (EmbeddedWireServer). Dropped or closed on close. `migrations` picks the
 * files applied (a test of a migration stops before it).
 */
export async function openRepositoryDb(migrations?: RegExp): Promise<RepositoryDb> {
  if (testDbKind() === 'postgres') {
    const pg = await createPostgresDatabase();
    const sql = postgres(pg.url, driverOptions(8)) as unknown as Sql;
    await migrate(sql, undefined, migrations);
    return {
      sql,
      async close() {
        await sql.end({ timeout: 5 });
        await pg.drop();
      },
    };
  }
  const pglite = await PGlite.create();
  const server = new EmbeddedWireServer(pglite);
  const path = await server.listen();
  const sql = postgres({ path, user: 'postgres', database: 'postgres', ...driverOptions(8) }) as unknown as Sql;
  await migrate(sql, undefined, migrations);
  return {
    sql,
    async close() {
      await sql.end({ timeout: 5 });
      await server.close();
      await pglite.close();
    },
  };
}

/** A new socket to the database a client connects to (the embedded one's Unix socket, or PostgreSQL's TCP port), for test relays. */
export function dialDatabase(options: Sql['options']): Socket {
  const path = (options as { path?: string | false }).path;
  return path ? connect(path) : connect(options.port[0]!, options.host[0]!);
}
