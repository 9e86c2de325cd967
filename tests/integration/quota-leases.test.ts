import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, setupRoot } from '../support/console-client.js';
import { startGateway } from '../support/gateway.js';
import { addChannel, addToken, ledger, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { testDbKind } from '../support/test-database.js';

// Each test boots gateways of its own (PGlite and migrations), which takes most of a minute on a loaded machine.
const BOOT_TIMEOUT = 180_000;

/** One chat completion with `key`, answered 200 and read to its end. */
async function chat(f: RelayFixture, key: string): Promise<void> {
  const r = await fetch(`${f.gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(r.status).toBe(200);
  await r.text();
}

// Returning everything at start is the embedded database's rule (one node); tests/integration/quota-leases-nodes.test.ts covers PostgreSQL.
describe.runIf(testDbKind() === 'embedded')('quota leases on the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ferryman-lease-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('returns quota left leased by a previous run at the next start', async () => {
    const first = await startGateway({}, { dataDir: dir });
    const root = await setupRoot(first);
    const [before] = await first.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${root.userId}`;
    // What a node that died mid-lease leaves behind: quota moved out of the balance into quota_leases.
    await first.sql`UPDATE users SET quota = quota - 12345 WHERE id = ${root.userId}`;
    await first.sql`INSERT INTO quota_leases (kind, owner_id, amount) VALUES ('u', ${root.userId}, 12345)`;
    await first.stop();

    const second = await startGateway({}, { dataDir: dir });
    try {
      const [after] = await second.sql<{ quota: number }[]>`SELECT quota FROM users WHERE id = ${root.userId}`;
      expect(after!.quota).toBe(before!.quota);
      expect(await second.sql`SELECT * FROM quota_leases`).toHaveLength(0);
    } finally {
      await second.stop();
    }
  }, BOOT_TIMEOUT);

  it('reserves from memory, then hands idle leases back so the stored balance is whole again', async () => {
    const f = await startRelayFixture();
    try {
      await addChannel(f);
      const t = await addToken(f.root, { remain_quota: 100_000 });
      const before = await ledger(f.gw, f.root.userId);
      await f.gw.sql`DELETE FROM logs`;
      for (let i = 0; i < 20; i++) {
        await chat(f, t.key);
      }
      // One refill leases 16 requests' worth: while the burst runs, part of the balance sits in quota_leases.
      const after = await ledger(f.gw, f.root.userId, (v) => v.logs === 20 && v.quota + v.charged === before.quota);
      expect(after.quota + after.charged).toBe(before.quota);
      // the user's and the token's idle slices go back one after the other: wait for both
      const leased = () => f.gw.sql`SELECT kind, owner_id, amount FROM quota_leases WHERE amount <> 0`;
      expect(await eventually(leased, (rows) => rows.length === 0, 15_000)).toEqual([]);
      const [tok] = await f.gw.sql<{ remain_quota: number; used_quota: number }[]>`SELECT remain_quota, used_quota FROM tokens WHERE id = ${t.id}`;
      expect(tok!.remain_quota + tok!.used_quota).toBe(100_000);
    } finally {
      await f.stop();
    }
  }, BOOT_TIMEOUT);
});

describe('QUOTA_LEASE_IDLE_TIMEOUT', () => {
  it('keeps a slice unused for less than the timeout leased, and hands it back after', async () => {
    const f = await startRelayFixture({ QUOTA_LEASE_IDLE_TIMEOUT: '5' });
    try {
      await addChannel(f);
      const t = await addToken(f.root, { remain_quota: 100_000 });
      await chat(f, t.key);
      const usedAt = Date.now();
      const leased = () => f.gw.sql<{ kind: string }[]>`SELECT kind FROM quota_leases WHERE owner_id IN (${f.root.userId}, ${t.id}) AND amount > 0 ORDER BY kind`;
      // three ticks later (1.5 s by default would have sent both home), the user's and the token's slices are out
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect((await leased()).map((l) => l.kind)).toEqual(['t', 'u']);
      expect(await eventually(leased, (rows) => rows.length === 0, 15_000)).toEqual([]);
      expect(Date.now() - usedAt).toBeGreaterThanOrEqual(5_000);
    } finally {
      await f.stop();
    }
  }, BOOT_TIMEOUT);
});
