import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { seedUser } from '../support/seed-rows.js';

type Option = { key: string; value: string };

describe('options API (root only)', () => {
  let gw: TestGateway;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let user: ConsoleClient;

  const options = async (): Promise<Record<string, string>> => {
    const r = await root.get<Option[]>('/api/option/');
    expect(r.body.success).toBe(true);
    return Object.fromEntries(r.body.data!.map((o) => [o.key, o.value]));
  };
  const stored = async (key: string): Promise<string | null> =>
    (await gw.sql<{ value: string }[]>`SELECT value FROM options WHERE key = ${key}`)[0]?.value ?? null;
  const put = (key: string, value: unknown) => root.put('/api/option/', { key, value });

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupRoot(gw);
    admin = await seedUser(gw, { username: 'opt_admin', role: 10 });
    user = await seedUser(gw, { username: 'opt_user' });
  });
  afterAll(() => gw?.stop());

  it('lists every option as a string with the shipped defaults', async () => {
    const r = await root.get<Option[]>('/api/option/');
    expect(r.body).toMatchObject({ success: true, message: '' });
    expect(r.body.data!.every((o) => typeof o.key === 'string' && typeof o.value === 'string')).toBe(true);
    const all = Object.fromEntries(r.body.data!.map((o) => [o.key, o.value]));
    expect(all).toMatchObject({
      SystemName: 'New API',
      PasswordLoginEnabled: 'true',
      Price: '7.3',
      QuotaPerUnit: '500000',
      GroupRatio: '{"default":1,"svip":1,"vip":1}',
      'oidc.client_id': '',
      'general_setting.docs_link': 'https://docs.newapi.pro',
    });
    expect(JSON.parse(all.ModelRatio!)['gpt-4o']).toBe(1.25);
  });

  it('never returns secrets, including oidc.client_secret (which new-api does return)', async () => {
    for (const [key, value] of [
      ['EpayKey', 'epay-secret-value'],
      ['SMTPToken', 'smtp-secret-value'],
      ['GitHubClientSecret', 'gh-secret-value'],
      ['TurnstileSecretKey', 'ts-secret-value'],
      ['oidc.client_secret', 'oidc-secret-value'],
    ]) {
      expect((await put(key!, value)).body).toEqual({ success: true, message: '' });
      expect(await stored(key!)).toBe(value);
    }
    const r = await root.get<Option[]>('/api/option/');
    const keys = r.body.data!.map((o) => o.key);
    for (const hidden of ['EpayKey', 'SMTPToken', 'GitHubClientSecret', 'TurnstileSecretKey', 'TurnstileSiteKey', 'WorkerValidKey', 'TelegramBotToken', 'WeChatServerToken', 'oidc.client_secret']) {
      expect(keys).not.toContain(hidden);
    }
    expect(keys).toContain('PasswordLoginEnabled');
    expect(keys).toContain('DisplayTokenStatEnabled');
    expect(JSON.stringify(r.body)).not.toMatch(/secret-value/);
  });

  it('refuses administrators and users: options are root only', async () => {
    for (const c of [admin, user]) {
      expect((await c.get('/api/option/')).body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
      expect((await c.put('/api/option/', { key: 'SystemName', value: 'pwned' })).body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
      expect((await c.post('/api/option/rest_model_ratio')).body.success).toBe(false);
    }
    expect((await options()).SystemName).toBe('New API');
  });

  it('answers an undecodable body with HTTP 400 无效的参数', async () => {
    for (const body of ['{not json', '[]', JSON.stringify({ key: 'SystemName', value: { nested: 1 } }), JSON.stringify({ value: 'x' })]) {
      const r = await root.put('/api/option/', body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ success: false, message: '无效的参数' });
    }
    expect((await options()).SystemName).toBe('New API');
  });

  it('takes JSON booleans and numbers as their string form and applies them at once', async () => {
    expect((await put('DrawingEnabled', false)).body.success).toBe(true);
    expect((await put('QuotaForNewUser', 1234)).body.success).toBe(true);
    expect(await options()).toMatchObject({ DrawingEnabled: 'false', QuotaForNewUser: '1234' });
    expect(await stored('DrawingEnabled')).toBe('false');
    const status = await root.get<{ enable_drawing: boolean }>('/api/status');
    expect(status.body.data!.enable_drawing).toBe(false);
    expect((await put('DrawingEnabled', 'true')).body.success).toBe(true);
    expect((await root.get<{ enable_drawing: boolean }>('/api/status')).body.data!.enable_drawing).toBe(true);
  });

  it('refuses values of the wrong kind and keeps the old one', async () => {
    expect((await put('DrawingEnabled', 'yes')).body).toEqual({ success: false, message: 'DrawingEnabled 的值必须是 true 或 false' });
    expect((await put('RetryTimes', 'three')).body).toEqual({ success: false, message: 'RetryTimes 的值必须是整数' });
    expect(await options()).toMatchObject({ DrawingEnabled: 'true', RetryTimes: '0' });
  });

  it.each([
    ['GitHubOAuthEnabled', 'GitHubClientId', '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！'],
    ['oidc.enabled', 'oidc.client_id', '无法启用 OIDC 登录，请先填入 OIDC Client Id 以及 OIDC Client Secret！'],
    ['LinuxDOOAuthEnabled', 'LinuxDOClientId', '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！'],
    ['WeChatAuthEnabled', 'WeChatServerAddress', '无法启用微信登录，请先填入微信登录相关配置信息！'],
    ['TurnstileCheckEnabled', 'TurnstileSiteKey', '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！'],
    ['TelegramOAuthEnabled', 'TelegramBotToken', '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！'],
  ])('guards %s until %s is filled in', async (key, requires, message) => {
    expect((await put(key, 'true')).body).toEqual({ success: false, message });
    expect(await stored(key)).toBeNull();
    expect((await put(requires, 'configured')).body.success).toBe(true);
    expect((await put(key, true)).body).toEqual({ success: true, message: '' });
    expect(await stored(key)).toBe('true');
    expect((await put(key, false)).body.success).toBe(true);
  });

  it('guards the email domain restriction on an emptied whitelist', async () => {
    expect((await put('EmailDomainWhitelist', '')).body.success).toBe(true);
    expect((await put('EmailDomainRestrictionEnabled', 'true')).body).toEqual({ success: false, message: '无法启用邮箱域名限制，请先填入限制的邮箱域名！' });
    expect((await put('EmailDomainWhitelist', 'qq.com')).body.success).toBe(true);
    expect((await put('EmailDomainRestrictionEnabled', 'true')).body.success).toBe(true);
  });

  it.each([
    ['GroupRatio', '{"default":1,', /^GroupRatio 不是合法的 JSON 字符串/],
    ['GroupRatio', '{"default":1,"vip":-1}', /^group ratio must be not less than 0: vip$/],
    ['GroupRatio', '["default"]', /^GroupRatio 必须是/],
    ['ModelRequestRateLimitGroup', '{"vip":[-1,5]}', /^group vip has negative rate limit values: \[-1, 5\]$/],
    ['ModelRequestRateLimitGroup', '{"vip":[3,0]}', /^group vip has negative rate limit values: \[3, 0\]$/],
    ['ModelRatio', '{"gpt-4o":"cheap"}', /^ModelRatio 必须是/],
    ['ModelPrice', '{"dall-e-3":-0.04}', /^ModelPrice 中 dall-e-3 的值不能小于 0$/],
    ['CompletionRatio', '[]', /^CompletionRatio 必须是/],
    ['CacheRatio', 'null', /^CacheRatio 必须是/],
    ['TopupGroupRatio', '{"vip":"1"}', /^TopupGroupRatio 必须是/],
    ['UserUsableGroups', '{"vip":1}', /^UserUsableGroups 必须是/],
    ['Chats', '{"a":"b"}', /^Chats 必须是/],
  ])('refuses %s = %s and changes nothing (new-api would persist it)', async (key, value, message) => {
    const before = (await options())[key];
    const beforeRow = await stored(key);
    const r = await put(key, value);
    expect(r.body.success).toBe(false);
    expect(r.body.message).toMatch(message);
    expect((await options())[key]).toBe(before);
    expect(await stored(key)).toBe(beforeRow);
  });

  it('applies a valid pricing change to the pricing API at once', async () => {
    expect((await put('GroupRatio', '{"default":1,"vip":2.5,"svip":1}')).body.success).toBe(true);
    expect((await put('ModelRequestRateLimitGroup', '{"vip":[0,1]}')).body.success).toBe(true);
    const pricing = await user.get('/api/pricing');
    expect(pricing.body.group_ratio).toEqual({ default: 1, vip: 2.5 });
    expect((await put('Notice', '## maintenance tonight')).body.success).toBe(true);
    expect((await user.get('/api/notice')).body.data).toBe('## maintenance tonight');
  });

  it('resets ModelRatio to the built-in defaults with rest_model_ratio', async () => {
    expect((await put('ModelRatio', '{"gpt-4o":9}')).body.success).toBe(true);
    expect(JSON.parse((await options()).ModelRatio!)).toEqual({ 'gpt-4o': 9 });
    const r = await root.post('/api/option/rest_model_ratio');
    expect(r.body).toEqual({ success: true, message: '重置模型倍率成功' });
    const ratio = JSON.parse((await options()).ModelRatio!);
    expect(ratio['gpt-4o']).toBe(1.25);
    expect(ratio['gpt-4o-mini']).toBe(0.075);
    expect(JSON.parse((await stored('ModelRatio'))!)['gpt-4o']).toBe(1.25);
  });
});
