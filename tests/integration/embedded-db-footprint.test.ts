import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startScript } from '../../bench/ferryman-target.js';
import { eventually, setupRoot } from '../support/console-client.js';
import { startGateway } from '../support/gateway.js';
import { addChannel, addToken, startRelayFixture } from '../support/relay-fixture.js';
import { testDbKind } from '../support/test-database.js';

const BOOT_TIMEOUT = 240_000;

// How the gateway sizes and creates its embedded database (bench/footprint.ts measures what it saves).
describe.runIf(testDbKind() === 'embedded')('embedded database footprint settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ferryman-footprint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the database on first start, opens it again on the next, with the configured shared_buffers', async () => {
    // no malloc arena cap, whatever the test runner's environment holds ('' is unset for glibc and for loadEnv)
    const first = await startGateway({ MALLOC_ARENA_MAX: '' }, { dataDir: dir });
    try {
      expect(existsSync(join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
      expect(await first.sql`SHOW shared_buffers`).toEqual([{ shared_buffers: '16MB' }]);
      // baseline code, whose memory does not depend on a cap
      expect(first.output()).toContain('"webassembly":"baseline"');
      await setupRoot(first);
    } finally {
      await first.stop();
    }
    const second = await startGateway({ EMBEDDED_DB_SHARED_BUFFERS_MB: '24', EMBEDDED_DB_VACUUM_INTERVAL: '1' }, { dataDir: dir });
    try {
      expect(await second.sql`SHOW shared_buffers`).toEqual([{ shared_buffers: '24MB' }]);
      // its VACUUM rounds (PGlite has no autovacuum: core/db/embedded-upkeep.ts) go over every table
      const round = await eventually(async () => /"msg":"embedded database vacuumed".*"tables":(\d+)/.exec(second.output()), (m) => m !== null, 15_000);
      expect(Number(round?.[1])).toBeGreaterThan(60);
      // The setup made by the first run is still there: the second opened the database, it did not create one.
      expect(await second.sql`SELECT count(*)::int AS n FROM users WHERE role = 100`).toEqual([{ n: 1 }]);
    } finally {
      await second.stop();
    }
  }, BOOT_TIMEOUT);

  it('runs optimized WebAssembly as npm start runs it (one malloc arena), and relays and logs on it', async () => {
    const start = startScript(undefined, {});
    const f = await startRelayFixture(start.env, { nodeArgs: start.nodeArgs });
    const { gw, root } = f;
    try {
      expect(gw.output()).toContain('"webassembly":"optimized"');
      await addChannel(f);
      const token = await addToken(root);
      for (let i = 0; i < 20; i++) {
        const r = await fetch(`${gw.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: `hi ${i}` }] }),
        });
        expect(r.status).toBe(200);
        await r.arrayBuffer();
      }
      const [books] = await eventually(
        () => gw.sql<{ logs: number; logged: number; used: number }[]>`
          SELECT (SELECT count(*)::int FROM logs WHERE type = 2 AND token_id = ${token.id}) AS logs,
                 (SELECT coalesce(sum(quota), 0)::int FROM logs WHERE type = 2 AND token_id = ${token.id}) AS logged,
                 (SELECT used_quota::int FROM users WHERE role = 100) AS used`,
        ([b]) => b!.logs === 20 && b!.used === b!.logged,
      );
      expect(books!.logged).toBeGreaterThan(0);
    } finally {
      await f.stop();
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
