import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupRoot } from '../support/console-client.js';
import { startGateway } from '../support/gateway.js';
import { testDbKind } from '../support/test-database.js';

const BOOT_TIMEOUT = 240_000;

// How the gateway sizes and creates its embedded database (bench/footprint.ts measures what it saves).
describe.runIf(testDbKind() === 'embedded')('embedded database footprint settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ferryman-footprint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the database on first start, opens it again on the next, with the configured shared_buffers', async () => {
    const first = await startGateway({}, { dataDir: dir });
    try {
      expect(existsSync(join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
      expect(await first.sql`SHOW shared_buffers`).toEqual([{ shared_buffers: '16MB' }]);
      await setupRoot(first);
    } finally {
      await first.stop();
    }
    const second = await startGateway({ EMBEDDED_DB_SHARED_BUFFERS_MB: '24' }, { dataDir: dir });
    try {
      expect(await second.sql`SHOW shared_buffers`).toEqual([{ shared_buffers: '24MB' }]);
      // The setup made by the first run is still there: the second opened the database, it did not create one.
      expect(await second.sql`SELECT count(*)::int AS n FROM users WHERE role = 100`).toEqual([{ n: 1 }]);
    } finally {
      await second.stop();
    }
  }, BOOT_TIMEOUT);

  it('names the directory when the database cannot be created', async () => {
    const file = join(dir, 'not-a-directory');
    writeFileSync(file, '');
    const failure = await startGateway({ STARTUP_RETRY_ATTEMPTS: '1' }, { dataDir: file }).then(
      async (gw) => {
        await gw.stop();
        return expect.unreachable('the gateway started on a data directory that is a file');
      },
      (e: Error) => e.message,
    );
    expect(failure).toContain(`creating the embedded database in ${join(file, 'pglite')} failed`);
  }, BOOT_TIMEOUT);
});
