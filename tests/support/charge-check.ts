import { expect } from 'vitest';
import { ledger, tokenQuota, type RelayFixture } from './relay-fixture.js';

export interface ConsumeLogRow {
  id: number;
  model_name: string;
  quota: number;
  content: string;
  other: string;
}

/**
 * Exact charge checks for one user (the fixture's root) and one of their tokens: `charges(send, model, quota)`
 * runs `send`, then checks that exactly one consume log of `quota` came, and that the user and the token paid
 * exactly that; it gives back the log's content and parsed `other`.
 */
export function chargeChecker(f: () => RelayFixture, tokenId: () => number) {
  const lastLog = () =>
    f().gw.sql<ConsumeLogRow[]>`SELECT id, model_name, quota, content, other FROM logs WHERE user_id = ${f().root.userId} AND type = 2 ORDER BY id DESC LIMIT 1`.then((r) => r[0]);
  const tokenRemain = async () => (await tokenQuota(f().gw, tokenId(), () => true)).remain_quota;

  const charges = async (send: () => Promise<void>, model: string, quota: number): Promise<{ content: string; other: Record<string, unknown> }> => {
    const { gw, root } = f();
    const before = await ledger(gw, root.userId);
    const remainBefore = await tokenRemain();
    const lastId = (await lastLog())?.id ?? 0;
    await send();
    const after = await ledger(gw, root.userId, (v) => v.logs === before.logs + 1 && v.quota + v.charged === before.quota + before.charged);
    expect(after.logs).toBe(before.logs + 1);
    const row = (await lastLog())!;
    expect(row.id).toBeGreaterThan(lastId);
    expect(row).toMatchObject({ model_name: model, quota });
    expect(before.quota - after.quota).toBe(quota);
    const { remain_quota: remain } = await tokenQuota(gw, tokenId(), (t) => t.remain_quota === remainBefore - quota);
    expect(remainBefore - remain).toBe(quota);
    return { content: row.content, other: JSON.parse(row.other) as Record<string, unknown> };
  };
  return { charges, tokenRemain };
}
