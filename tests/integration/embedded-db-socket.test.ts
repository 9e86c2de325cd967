import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupRoot } from '../support/console-client.js';
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

describe.runIf(testDbKind() === 'embedded')('embedded database connections', () => {
  it('replaces its pool\'s connections at SQL_MAX_LIFETIME and leaves none of their statements in the one embedded session', async () => {
    const gw = await startGateway({ SQL_MAX_LIFETIME: '1' });
    try {
      const root = await setupRoot(gw);
      // read without preparing, so the reading adds no statement of its own
      const statements = async () => (await gw.sql.unsafe<{ name: string }[]>('SELECT name FROM pg_prepared_statements', [], { prepare: false })).map((r) => r.name);
      // console reads that go to the database every time, on several connections at once
      const burst = () => Promise.all(Array.from({ length: 6 }, (_, i) => root.get(i % 2 ? '/api/log/?p=0&size=5' : '/api/log/stat?type=2')));
      await burst();
      const first = await statements();
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 1_200));
        await burst();
      }
      const last = await statements();
      // the connections of the first burst were replaced (their statements' names are gone)…
      expect(first.filter((n) => !last.includes(n)).length).toBeGreaterThan(0);
      // …and what they prepared went with them, where every new connection would have added its own again
      expect(last.length).toBeLessThanOrEqual(first.length + 10);
    } finally {
      await gw.stop();
    }
  }, 120_000);
});
