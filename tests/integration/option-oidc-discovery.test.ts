import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOAuth, type FakeOAuth } from '../support/fake-oauth.js';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { seedUser } from '../support/seed-rows.js';
import { testNetwork } from '../support/test-network.js';

interface Endpoints {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}

const WELL_KNOWN = '/oidc/.well-known/openid-configuration';

describe('GET /api/option/oidc_discovery (the settings page reads the provider document through the server)', () => {
  let gw: TestGateway;
  let fake: FakeOAuth;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  const discover = (client: ConsoleClient, url: string) => client.get<Endpoints>(`/api/option/oidc_discovery?well_known=${encodeURIComponent(url)}`);

  beforeAll(async () => {
    fake = await startFakeOAuth();
    // The loopback-only test network: imds.ferryman.test answers the fake provider's address and the AWS metadata one.
    const network = testNetwork({ 'imds.ferryman.test': ['127.0.0.1', '169.254.169.254'] });
    gw = await startGateway(network.env, { nodeArgs: network.nodeArgs });
    root = await setupRoot(gw);
    admin = await seedUser(gw, { username: 'disc_admin', role: 10 });
  });
  afterAll(async () => {
    await gw?.stop();
    await fake?.stop();
  });

  it('answers the three endpoints of the document', async () => {
    const r = await discover(root, `${fake.url}${WELL_KNOWN}`);
    expect(r.body).toEqual({
      success: true,
      message: '',
      data: { authorization_endpoint: `${fake.url}/authorize`, token_endpoint: `${fake.url}/oidc/token`, userinfo_endpoint: `${fake.url}/oidc/userinfo` },
    });
    expect(fake.requests.filter((q) => q.path === WELL_KNOWN)).toHaveLength(1);
  });

  it.each([
    ['not an http(s) URL', 'ftp://example.com/x', 'Well-Known URL 必须以 http:// 或 https:// 开头'],
    ['a document that is not there', '/oidc/missing', '获取 OIDC 配置失败，请检查网络状况和 Well-Known URL 是否正确'],
    ['an address nobody answers', 'http://127.0.0.1:1/.well-known/openid-configuration', '获取 OIDC 配置失败，请检查网络状况和 Well-Known URL 是否正确'],
  ])('refuses %s', async (_name, url, message) => {
    const r = await discover(root, url.startsWith('/') ? `${fake.url}${url}` : url);
    expect(r.body).toMatchObject({ success: false, message });
  });

  it('refuses cloud metadata addresses before a socket opens', async () => {
    const port = new URL(fake.url).port;
    for (const url of ['http://169.254.169.254/.well-known/openid-configuration', `http://imds.ferryman.test:${port}/imds/.well-known/openid-configuration`]) {
      const r = await discover(root, url);
      expect(r.body, url).toEqual({ success: false, message: '获取 OIDC 配置失败，请检查网络状况和 Well-Known URL 是否正确' });
    }
    // A policy that connected to imds.ferryman.test would have reached the fake provider first.
    expect(fake.requests.filter((q) => q.path.startsWith('/imds'))).toEqual([]);
  });

  it('is for the root user only', async () => {
    const r = await discover(admin, `${fake.url}${WELL_KNOWN}`);
    expect(r.body.success).toBe(false);
    expect(fake.requests.filter((q) => q.path === WELL_KNOWN)).toHaveLength(1);
  });
});
