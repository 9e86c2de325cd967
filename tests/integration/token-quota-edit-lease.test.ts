import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/console-client.js';
import { addChannel, addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

// flat-model costs a fixed $0.001 per call = 500 quota.
const FLAT = 500;

interface TokenView {
  id: number;
  remain_quota: number;
  used_quota: number;
}

// A token's remaining quota while the gateway holds a slice of it leased: shown whole, and when its owner sets
// it (a full edit resends it), the value set is what remains: the slice does not come back on top of it.
describe('editing a token whose quota is partly leased', () => {
  let f: RelayFixture;
  beforeAll(async () => {
    f = await startRelayFixture();
    await addChannel(f, { models: 'flat-model' });
    expect((await f.root.put('/api/option/', { key: 'ModelPrice', value: JSON.stringify({ 'flat-model': 0.001 }) })).body.success).toBe(true);
  });
  afterAll(() => f?.stop());

  const chat = (key: string) =>
    fetch(`${f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'flat-model', messages: [{ role: 'user', content: 'hi' }] }),
    }).then((r) => r.status);
  const view = async (id: number) => (await f.root.get<TokenView>(`/api/token/${id}`)).body.data!;
  const stored = async (id: number) =>
    (await f.gw.sql<{ remain_quota: number; used_quota: number }[]>`SELECT remain_quota, used_quota FROM tokens WHERE id = ${id}`)[0]!;
  const leased = async (id: number) =>
    Number((await f.gw.sql<{ n: number }[]>`SELECT COALESCE(sum(amount), 0)::bigint AS n FROM quota_leases WHERE kind = 't' AND owner_id = ${id}`)[0]!.n);

  it('shows the whole remainder while a slice is leased', async () => {
    const t = await addToken(f.root, { remain_quota: FLAT * 100 });
    expect(await chat(t.key)).toBe(200);
    // the slice has moved out of the row, yet the owner sees the token's whole remainder
    expect(await leased(t.id)).toBeGreaterThan(0);
    expect((await stored(t.id)).remain_quota).toBeLessThan(FLAT * 99);
    const shown = await eventually(() => view(t.id), (v) => v.remain_quota === FLAT * 99);
    expect(shown.remain_quota).toBe(FLAT * 99);
  });

  it('keeps the value an edit sets, charging only what is spent afterwards', async () => {
    const t = await addToken(f.root, { remain_quota: FLAT * 100, name: 'lease-edit' });
    expect(await chat(t.key)).toBe(200);
    expect(await leased(t.id)).toBeGreaterThan(0);
    // a full edit (as the console sends it) setting the remainder to 10 calls' worth
    const r = await f.root.put('/api/token/', { id: t.id, name: 'lease-edit-2', remain_quota: FLAT * 10, expired_time: -1, unlimited_quota: false });
    expect(r.body.success).toBe(true);
    expect(await leased(t.id)).toBe(0);
    for (let i = 0; i < 3; i++) expect(await chat(t.key)).toBe(200);
    // once the gateway has handed back what it leased again: 10 set, 3 spent since
    const end = await eventually(
      async () => ({ ...(await stored(t.id)), leased: await leased(t.id) }),
      (v) => v.leased === 0 && v.remain_quota === FLAT * 7,
      8000,
    );
    expect(end).toMatchObject({ remain_quota: FLAT * 7, leased: 0, used_quota: FLAT * 4 });
  });
});
