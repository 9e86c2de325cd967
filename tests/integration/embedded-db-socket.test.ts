import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { tcpPortsOfListener } from '../support/listening-ports.js';
import { testDbKind } from '../support/test-database.js';

/** The embedded database holds password hashes and keys: only the gateway's own user may reach it. */
describe.runIf(testDbKind() === 'embedded')('embedded database transport', () => {
  let gw: TestGateway;
  let socketPath: string;
  beforeAll(async () => {
    gw = await startGateway();
    socketPath = /FERRYMAN_DB (\S+)/.exec(gw.output())![1]!;
  });
  afterAll(async () => {
    await gw?.stop();
  });

  it('opens no TCP port besides the HTTP one', () => {
    expect(tcpPortsOfListener(gw.port)).toEqual([gw.port]);
  });

  it('listens on a Unix socket of mode 0600 in a directory of mode 0700', async () => {
    expect(isAbsolute(socketPath)).toBe(true);
    const socket = statSync(socketPath);
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
    expect(statSync(dirname(socketPath)).mode & 0o777).toBe(0o700);
    expect(socket.uid).toBe(process.getuid!());
    expect(await gw.sql<{ v: number }[]>`SELECT 1 AS v`).toEqual([{ v: 1 }]);
  });

  it('removes the socket directory on shutdown', async () => {
    await gw.stop();
    expect(existsSync(dirname(socketPath))).toBe(false);
  });
});

describe.runIf(testDbKind() === 'embedded')('embedded database address', () => {
  it('leaves no socket directory behind when the gateway fails to start', async () => {
    const first = await startGateway();
    try {
      const failed = await startGateway({ PORT: String(first.port) }).then(
        () => expect.unreachable('a second gateway listened on a taken port'),
        (e: Error) => e.message,
      );
      const socketPath = /FERRYMAN_DB (\S+)/.exec(failed)![1]!;
      expect(existsSync(dirname(socketPath))).toBe(false);
    } finally {
      await first.stop();
    }
  }, 150_000);

  it('is printed only when FERRYMAN_EXPOSE_DB is set', async () => {
    const gw = await startGateway({ FERRYMAN_EXPOSE_DB: 'false' });
    try {
      expect(gw.output()).not.toContain('FERRYMAN_DB');
    } finally {
      await gw.stop();
    }
  }, 90_000);
});

/** Console reads that go to the database every time, six at once, so the pool serves them on several connections. */
const logReads = (root: ConsoleClient) => Promise.all(Array.from({ length: 6 }, (_, j) => root.get(j % 2 ? '/api/log/?p=0&size=5' : '/api/log/stat?type=2')));

describe.runIf(testDbKind() === 'embedded')('embedded database statements', () => {
  it('leaves no prepared statement in the one embedded session, whose memory never shrinks, while its pool\'s connections come and go', async () => {
    const gw = await startGateway({ SQL_MAX_LIFETIME: '1' });
    try {
      const root = await setupRoot(gw);
      // read without preparing, so the reading adds no statement of its own
      const prepared = async () => (await gw.sql.unsafe<{ name: string }[]>('SELECT name FROM pg_prepared_statements', [], { prepare: false })).length;
      const before = await prepared();
      // over several lifetimes of the pool's connections
      for (let i = 0; i < 4; i++) {
        await logReads(root);
        await new Promise((r) => setTimeout(r, 1_200));
      }
      expect(await prepared()).toBe(before);
    } finally {
      await gw.stop();
    }
  }, 120_000);
});

describe.runIf(testDbKind() === 'postgres')('SQL_MAX_LIFETIME', () => {
  it('replaces the pool\'s connections once they are that many seconds old', async () => {
    const gw = await startGateway({ SQL_MAX_LIFETIME: '1' });
    try {
      const root = await setupRoot(gw);
      // the pool's connections that served the log reads (the job locks' and LISTEN's own connections live on)
      const readers = async () =>
        (await gw.sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE '%FROM logs%' AND query NOT ILIKE '%pg_stat_activity%'`).map((r) => r.pid);
      const alive = async () => new Set((await gw.sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`).map((r) => r.pid));
      await logReads(root);
      const first = await readers();
      expect(first.length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1_500));
      await logReads(root);
      // they were closed and the second reads were served by new ones
      const now = await alive();
      expect(first.filter((pid) => now.has(pid))).toEqual([]);
      expect((await readers()).length).toBeGreaterThan(0);
    } finally {
      await gw.stop();
    }
  }, 120_000);
});
