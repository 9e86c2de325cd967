import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
