import { createServer, type Socket } from 'node:net';
import postgres from 'postgres';
import { driverOptions, type Sql } from '../../core/db/connect.js';
import { dialDatabase, type RepositoryDb } from './repository-db.js';

/**
 * A TCP relay to a test database (PostgreSQL or the embedded one's socket) and a client through it. Armed with a
 * text, it lets the statement that carries it run and drops the database's answer: nothing more reaches the client,
 * and the connection is cut once the database has had time to finish, so the statement has run (committed, when it
 * commits on its own) and the client sees only its connection lost.
 *
 * The client's messages are read one by one: a simple query or COPY data carrying the text runs as it arrives; a
 * statement parsed with it (extended protocol: Parse, then Bind and Execute, perhaps in a later write after its
 * parameter types came back) runs at its next Execute, so the answer dropped is the one that follows it running.
 */
export async function answerLosingRelay(db: RepositoryDb) {
  let armed: Buffer | null = null;
  let lost = 0;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = dialDatabase(db.sql.options);
    let losing = false;
    let parsedArmed = false;
    let started = false;
    let pending = Buffer.alloc(0);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', () => {});
      s.on('close', () => open.delete(s));
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    const lose = () => {
      losing = true;
      setTimeout(() => {
        lost++;
        client.destroy();
      }, 300);
    };
    const read = (type: number, body: Buffer) => {
      if (losing) return;
      const carries = armed !== null && body.includes(armed);
      if (carries && (type === 0x51 /* Q */ || type === 0x64 /* d */)) {
        armed = null;
        lose();
      } else if (carries && type === 0x50 /* P */) {
        armed = null;
        parsedArmed = true;
      } else if (parsedArmed && type === 0x45 /* E */) {
        parsedArmed = false;
        lose();
      }
    };
    client.on('data', (d: Buffer) => {
      upstream.write(d);
      pending = Buffer.concat([pending, d]);
      for (;;) {
        // the start-up message has no type byte: its length comes first
        const head = started ? 5 : 4;
        if (pending.length < head) return;
        const len = pending.readInt32BE(head - 4);
        const size = head - 4 + len;
        if (pending.length < size) return;
        if (started) read(pending[0]!, pending.subarray(5, size));
        started = true;
        pending = pending.subarray(size);
      }
    });
    upstream.on('data', (d: Buffer) => {
      if (!losing) client.write(d);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const o = db.sql.options;
  const sql = postgres({ host: '127.0.0.1', port: (server.address() as { port: number }).port, user: o.user, database: o.database, ...driverOptions(2) }) as unknown as Sql;
  return {
    sql,
    /** the answer to the next message carrying `text` is lost */
    arm(text: string) {
      armed = Buffer.from(text);
    },
    get lost() {
      return lost;
    },
    async close() {
      await sql.end({ timeout: 1 });
      for (const s of open) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
