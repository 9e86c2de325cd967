import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuotaLeases } from '../../core/billing/quota-leases.js';
import { updateToken } from '../../core/db/repositories/tokens.js';
import type { Logger } from '../../core/log/logger.js';
import { openRepositoryDb, type RepositoryDb } from '../support/repository-db.js';

// An owner sets a token's remaining quota while a node holds a slice of it that has spent since its last write. The
// node learns of the edit from its notice (cancelToken) or from the slice's next statement, whichever comes first.
// Either way, what the slice spent before is the old value's and what it spends after is charged to the new one, and
// the notice arriving after a statement told of the edit leaves the fresh slice alone. Before sql/0016 the edit
// deleted the rows, and a node learning by its next write charged the new value what the slice had spent before the
// edit as well (the "write" case below failed by that 10).

const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} };

describe("a token's quota set by hand while a node holds a slice of it", () => {
  let db: RepositoryDb;
  beforeAll(async () => {
    db = await openRepositoryDb();
  }, 120_000);
  afterAll(async () => db?.close());

  for (const learnsBy of ['notice', 'write'] as const) {
    it(`charges the new value only what is spent after the node learns of the edit (by its ${learnsBy})`, async () => {
      const name = `edit-${learnsBy}-${Date.now()}`;
      const [user] = await db.sql<{ id: number }[]>`
        INSERT INTO users (username, password, display_name, role, status, quota, "group")
        VALUES (${name}, 'x', 'x', 1, 1, 1000000, 'default') RETURNING id`;
      const [token] = await db.sql<{ id: number }[]>`
        INSERT INTO tokens (user_id, key, name, remain_quota) VALUES (${user!.id}, ${name.padEnd(48, 'k')}, ${name}, 100000) RETURNING id`;
      const userId = user!.id;
      const tokenId = token!.id;
      const leases = new QuotaLeases(db.sql, quiet, { factor: 64 });
      await leases.start();
      const serve = async (spent: number) => {
        const r = await leases.reserve(userId, tokenId, true, 10);
        if (!r.ok) throw new Error('refused');
        leases.finish(r.user, 10, spent);
        leases.finish(r.token!, 10, spent);
      };

      await serve(10); // 640 of the token leased, 10 spent and not yet written
      expect(await updateToken(db.sql, userId, tokenId, { remain_quota: 5_000 })).not.toBeNull();
      if (learnsBy === 'notice') await leases.cancelToken(tokenId);
      await leases.release();
      await serve(20); // into a fresh slice of the 5 000
      if (learnsBy === 'write') await leases.cancelToken(tokenId); // the notice, late: the fresh slice stays
      await leases.release(true);
      await leases.stop();

      const [row] = await db.sql<{ remain_quota: number }[]>`SELECT remain_quota FROM tokens WHERE id = ${tokenId}`;
      expect(row!.remain_quota).toBe(5_000 - 20);
      expect(await db.sql`SELECT * FROM quota_leases WHERE kind = 't' AND owner_id = ${tokenId}`).toHaveLength(0);
    }, 30_000);
  }
});
