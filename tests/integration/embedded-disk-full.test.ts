import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { startMockUpstreamProcess, type MockUpstreamProcess } from '../support/mock-upstream-process.js';
import { addChannel, addToken, userBooks, type RelayFixture } from '../support/relay-fixture.js';
import { testDbKind } from '../support/test-database.js';

// The spec's P5: the embedded database's directory on a disk that fills up. Writes that must grow a file fail with
// a clear error (503, "数据库磁盘空间不足，暂时无法写入"), reads are served, the relay serves callers whose quota slice
// is in memory (one that needs a new slice gets a 503 of its own), the batched charges and consume logs wait in
// memory (one error in the log, not one per flush), and once there is space again they all land: the books close,
// and the database opens again after a restart.
// The disk is a tmpfs of the test's own (mount needs root, as on this project's machines; skipped elsewhere, and on
// PostgreSQL, whose disk is the server's).

const FLAT = 500; // flat-model at $0.001 a call
/** A 96 MB disk of the test's own; null where it cannot be mounted. */
function mountSmallDisk(): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'ferryman-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/** Writes files on the disk until it refuses more; the first one's path (the second is `fill-tail`). */
function fillDisk(mountDir: string): string {
  const path = join(mountDir, 'fill');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(1 << 20, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
  // what the last partial write left is taken too
  try {
    const fd2 = openSync(join(mountDir, 'fill-tail'), 'w');
    try {
      for (;;) writeSync(fd2, Buffer.alloc(512, 1));
    } catch {
      closeSync(fd2);
    }
  } catch {
    /* not even a new file's entry */
  }
  return path;
}

const mountDir = testDbKind() === 'embedded' ? mountSmallDisk() : null;

describe.skipIf(mountDir === null)('embedded database on a full disk', () => {
  // the describe's body runs even where it is skipped: nothing here may assume the disk
  const disk = mountDir ?? '';
  const dataDir = join(disk, 'data');
  let gw: TestGateway | undefined;
  let mock: MockUpstreamProcess | undefined;
  let root: ConsoleClient;

  beforeAll(async () => {
    mkdirSync(dataDir);
    mock = await startMockUpstreamProcess();
    gw = await startGateway({}, { dataDir });
    root = await setupRoot(gw);
  }, 120_000);

  afterAll(async () => {
    await gw?.stop();
    await mock?.stop();
    execFileSync('umount', [disk]);
    rmSync(disk, { recursive: true, force: true });
  });

  const chat = (key: string) =>
    fetch(`${gw!.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'flat-model', messages: [{ role: 'user', content: 'hi' }] }),
      signal: AbortSignal.timeout(20_000),
    });

  it('refuses writes clearly, serves reads and the relay, and loses nothing once space returns', async () => {
    const g = gw!;
    try {
      await refusesAndRecovers(g);
    } catch (e) {
      console.log(`gateway output:\n${g.output().split('\n').filter((l) => !l.includes('"info"')).join('\n').slice(-6000)}`);
      throw e;
    }
  }, 180_000);
  async function refusesAndRecovers(g: TestGateway) {
    await addChannel({ gw: g, mock: mock!, root, stop: async () => {} } as RelayFixture, { models: 'flat-model' });
    expect((await root.put('/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'flat-model': 0.001 }) })).body.success).toBe(true);
    const { key } = await addToken(root, { unlimited_quota: true });
    const [{ quota: start }] = [...(await g.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${root.userId}`)] as [{ quota: number }];
    expect((await chat(key)).status).toBe(200);

    const fill = fillDisk(disk);
    // random, so that it cannot be compressed into pages the database already has
    const big = randomBytes(600 * 1024).toString('base64');
    const refused = await root.put('/api/option/', { key: 'About', value: big });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ success: false, message: '数据库磁盘空间不足，暂时无法写入' });

    // enough consume-log rows to need pages the logs table does not have. A request whose quota slice runs out needs
    // a lease statement, which the disk may refuse: it is answered 503 for the database, never a 500
    let servedFull = 0;
    for (let i = 0; i < 200; i++) {
      const r = await chat(key);
      const body = (await r.json()) as { error?: { code?: string } };
      if (r.status === 200) servedFull++;
      else expect([r.status, body.error?.code]).toEqual([503, 'database_disk_full']);
    }
    expect(servedFull).toBeGreaterThan(0);
    for (const path of ['/api/user/self', '/api/token/?p=0', '/api/log/self?p=0', '/api/status']) {
      const r = await root.get<unknown>(path);
      expect([path, r.status, r.body.success]).toEqual([path, 200, true]);
    }
    // the flushes fail each round meanwhile: told once, not every round
    await new Promise((r) => setTimeout(r, 1500));
    const failures = g.output().split('\n').filter((l) => l.includes('log flush failed'));
    expect(failures.length).toBe(1);
    expect(failures[0]).toContain('No space left on device');

    rmSync(fill);
    rmSync(join(disk, 'fill-tail'), { force: true });
    expect((await root.put('/api/option/', { key: 'About', value: big })).body.success).toBe(true);
    await eventually(async () => g.output(), (out) => out.includes('log flush succeeded again'), 10_000);

    // the books: every answer charged once and logged
    const served = (await mock!.requests()).filter((r) => r.path === '/v1/chat/completions').length;
    expect(served).toBe(servedFull + 1);
    const books = async (db = g.sql) => {
      const { quota, ...rest } = await userBooks(db, root.userId);
      return { spent: start - quota, ...rest };
    };
    const settled = { spent: served * FLAT, logged: served * FLAT, logs: served, leased: 0 };
    expect(await eventually(() => books(), (b) => b.leased === 0 && b.logs === served, 15_000)).toEqual(settled);

    // the database the full disk left behind opens again, whole
    await g.stop();
    gw = await startGateway({}, { dataDir });
    expect(await books(gw.sql)).toEqual(settled);
    expect((await chat(key)).status).toBe(200);
  }
});
