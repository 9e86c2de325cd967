import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { seedUser } from '../support/seed-rows.js';

interface UserJson {
  id: number;
  username: string;
  password: string;
  access_token: string | null;
  setting: string;
}

// Written straight to the row, as PUT /api/user/setting stores it (that route resolves the webhook host).
const WEBHOOK_SETTING = JSON.stringify({
  accept_unset_model_ratio_model: false,
  notify_type: 'webhook',
  quota_warning_threshold: 1000,
  webhook_secret: 'hook-secret-1',
  webhook_url: 'https://hooks.example/x',
});

describe("another user's secrets never leave the server", () => {
  let gw: TestGateway;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let common: ConsoleClient;
  let rootToken: string;
  let commonToken: string;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupRoot(gw);
    rootToken = (await root.get<string>('/api/user/token')).body.data!;
    admin = await seedUser(gw, { username: 'admin1', role: 10 });
    common = await seedUser(gw, { username: 'common1' });
    commonToken = (await common.get<string>('/api/user/token')).body.data!;
    await gw.sql`UPDATE users SET setting = ${WEBHOOK_SETTING} WHERE id IN ${gw.sql([root.userId, common.userId])}`;
  });
  afterAll(() => gw?.stop());

  /** Every user row an admin or root can read about other users. */
  async function rowsSeenBy(viewer: ConsoleClient): Promise<UserJson[]> {
    const list = await viewer.get<{ items: UserJson[] }>('/api/user/?p=1&page_size=100');
    const search = await viewer.get<{ items: UserJson[] }>('/api/user/search?keyword=&p=1&page_size=100');
    expect(list.body.success).toBe(true);
    expect(search.body.success).toBe(true);
    const single = await viewer.get<UserJson>(`/api/user/${common.userId}`);
    expect(single.body.success).toBe(true);
    return [...list.body.data!.items, ...search.body.data!.items, single.body.data!];
  }

  it.each([
    ['an admin', () => admin],
    ['root', () => root],
  ])('shows %s no access token, password or webhook secret of any user in the list, search and single view', async (_, viewer) => {
    const rows = await rowsSeenBy(viewer());
    expect(rows.map((r) => r.username)).toEqual(expect.arrayContaining(['root', 'common1']));
    for (const r of rows) {
      expect([r.username, r.access_token, r.password]).toEqual([r.username, null, '']);
      expect(r.setting).not.toContain('hook-secret-1');
    }
    const text = JSON.stringify(rows);
    expect(text).not.toContain(rootToken);
    expect(text).not.toContain(commonToken);
    // the rest of the setting is still shown
    const withSetting = rows.find((r) => r.username === 'common1')!;
    expect(withSetting.setting).toBe(WEBHOOK_SETTING.replace(',"webhook_secret":"hook-secret-1"', ''));
  });

  it("gives an admin no route to root's token: root's row is refused, and the manage answer carries none", async () => {
    expect((await admin.get(`/api/user/${root.userId}`)).body).toEqual({ success: false, message: '无权获取同级或更高等级用户的信息' });
    const managed = await admin.post<UserJson>('/api/user/manage', { id: common.userId, action: 'enable' });
    expect(managed.body.data!.access_token).toBeNull();
  });

  it("shows a user their own access token and setting on /api/user/self, and nobody else's", async () => {
    const me = await common.get<UserJson>('/api/user/self');
    expect(me.body.data).toMatchObject({ id: common.userId, access_token: commonToken, password: '' });
    expect(me.body.data!.setting).toBe(WEBHOOK_SETTING);
    const login = await new ConsoleClient(gw).post<UserJson>('/api/user/login', { username: 'common1', password: 'seededpass123' });
    expect(login.body.data!.access_token).toBeNull();
  });
});
