import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { insertLogs, seedUser } from '../support/seed-rows.js';

// Starting a gateway (PGlite, migrations) can take most of a minute on a loaded machine.
const BOOT_TIMEOUT = 180_000;

// /api/log/stat and /api/log/self/stat (spec console-api.md §8.2): quota over consume logs with every
// filter and the type parameter ignored; rpm/tpm over the last 60 s, ignoring the caller's time range.

interface Stat {
  quota: number;
  rpm: number;
  tpm: number;
}

describe('log statistics', () => {
  let gw: TestGateway;
  let admin: ConsoleClient;
  let alice: ConsoleClient;
  let bob: ConsoleClient;
  let now: number;

  const stat = async (client: ConsoleClient, path: string) => {
    const r = await client.get<Stat>(path);
    expect(r.body.success).toBe(true);
    return r.body.data!;
  };

  beforeAll(async () => {
    gw = await startGateway();
    await setupRoot(gw);
    admin = await seedUser(gw, { username: 'admin', role: 10 });
    alice = await seedUser(gw, { username: 'alice' });
    bob = await seedUser(gw, { username: 'bob' });
    now = Math.floor(Date.now() / 1000);
    // "Recent" rows are dated a little ahead so they stay inside the 60-second window for the whole file,
    // however slow the machine; the 120-second-old row stays outside it.
    const recent = now + 30;
    const a = { user_id: alice.userId, username: 'alice' };
    await insertLogs(gw, [
      { ...a, created_at: recent, quota: 100, prompt_tokens: 10, completion_tokens: 20, token_name: 'ta', model_name: 'gpt-4o-mini', channel_id: 7 },
      { ...a, created_at: now - 3600, quota: 1000, prompt_tokens: 100, completion_tokens: 200, token_name: 'ta', model_name: 'gpt-4o', channel_id: 8, group: 'vip' },
      { ...a, created_at: recent, type: 1, quota: 50_000, prompt_tokens: 9, completion_tokens: 9 },
      { ...a, created_at: now - 120, quota: 7, prompt_tokens: 1, completion_tokens: 1, token_name: 'tb', model_name: 'claude-3' },
      { user_id: bob.userId, username: 'bob', created_at: recent, quota: 10_000, prompt_tokens: 1000, completion_tokens: 2000, token_name: 'ta', model_name: 'gpt-4o-mini', channel_id: 7 },
    ]);
  }, BOOT_TIMEOUT);
  afterAll(() => gw?.stop());

  it('answers {quota, rpm, tpm} over consume logs only, whatever type is asked for', async () => {
    const r = await admin.get('/api/log/stat');
    expect(r.body).toEqual({ success: true, message: '', data: { quota: 11_107, rpm: 2, tpm: 3030 } });
    expect(await stat(admin, '/api/log/stat?type=1')).toEqual({ quota: 11_107, rpm: 2, tpm: 3030 });
  });

  it('filters by username, token, model (LIKE), channel and group, for quota and rpm/tpm alike', async () => {
    expect(await stat(admin, '/api/log/stat?username=alice')).toEqual({ quota: 1107, rpm: 1, tpm: 30 });
    expect(await stat(admin, '/api/log/stat?token_name=ta')).toEqual({ quota: 11_100, rpm: 2, tpm: 3030 });
    expect(await stat(admin, '/api/log/stat?model_name=gpt-4o')).toEqual({ quota: 1000, rpm: 0, tpm: 0 });
    expect(await stat(admin, `/api/log/stat?model_name=${encodeURIComponent('gpt-4o%')}`)).toEqual({ quota: 11_100, rpm: 2, tpm: 3030 });
    expect(await stat(admin, '/api/log/stat?channel=7')).toEqual({ quota: 10_100, rpm: 2, tpm: 3030 });
    expect(await stat(admin, '/api/log/stat?group=vip')).toEqual({ quota: 1000, rpm: 0, tpm: 0 });
  });

  it('applies the time range to quota but not to rpm/tpm, which always cover the last 60 seconds', async () => {
    expect(await stat(admin, `/api/log/stat?start_timestamp=${now - 200}`)).toEqual({ quota: 10_107, rpm: 2, tpm: 3030 });
    expect(await stat(admin, `/api/log/stat?end_timestamp=${now - 3000}`)).toEqual({ quota: 1000, rpm: 2, tpm: 3030 });
    expect(await stat(admin, `/api/log/stat?start_timestamp=${now - 3600}&end_timestamp=${now - 3600}`)).toEqual({ quota: 1000, rpm: 2, tpm: 3030 });
  });

  it('answers zeros when nothing matches', async () => {
    expect(await stat(admin, '/api/log/stat?username=nobody')).toEqual({ quota: 0, rpm: 0, tpm: 0 });
  });

  it('self stat counts only the caller’s rows whatever username is sent', async () => {
    expect(await stat(alice, '/api/log/self/stat')).toEqual({ quota: 1107, rpm: 1, tpm: 30 });
    expect(await stat(alice, '/api/log/self/stat?username=bob')).toEqual({ quota: 1107, rpm: 1, tpm: 30 });
    // bob's row shares token name, model and channel with alice's: still not counted
    expect(await stat(alice, `/api/log/self/stat?token_name=ta&model_name=%25&channel=7`)).toEqual({ quota: 100, rpm: 1, tpm: 30 });
    expect(await stat(bob, '/api/log/self/stat?username=alice')).toEqual({ quota: 10_000, rpm: 1, tpm: 3000 });
  });

  it('self stat honours the other filters, channel included (as new-api’s self stat does)', async () => {
    expect(await stat(alice, '/api/log/self/stat?channel=8')).toEqual({ quota: 1000, rpm: 0, tpm: 0 });
    expect(await stat(alice, '/api/log/self/stat?token_name=tb')).toEqual({ quota: 7, rpm: 0, tpm: 0 });
    expect(await stat(alice, `/api/log/self/stat?start_timestamp=${now - 60}`)).toEqual({ quota: 100, rpm: 1, tpm: 30 });
  });

  it('refuses the admin stat to a common user', async () => {
    expect((await alice.get('/api/log/stat?username=bob')).body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
  });
});
