import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export type Provider = 'github' | 'linuxdo' | 'oidc';

/** What the provider says about the signed-in person (its user / userinfo document). */
export type Identity = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeOAuth {
  url: string;
  requests: RecordedRequest[];
  /**
   * Plays the browser at the provider's authorization endpoint: the person `identity` approves, and the
   * redirect back carries a one-time code and the state. Returns both.
   */
  authorize(provider: Provider, identity: Identity, state: string): Promise<{ code: string; state: string }>;
  /** a code the WeChat login server will turn into this WeChat id (what the user reads in the official account) */
  wechatCode(wechatId: string): string;
  /** env overrides pointing the gateway's GitHub, Linux DO and Turnstile endpoints at this server */
  env(): Record<string, string>;
  /** fields that replace this server's own in its OIDC discovery document (e.g. a token_endpoint elsewhere) */
  discovery: Record<string, string>;
  stop(): Promise<void>;
}

export const CLIENT = { id: 'client-id', secret: 'client-secret' };
export const TURNSTILE_GOOD = 'turnstile-ok';
export const WECHAT_TOKEN = 'wechat-server-token';

/**
 * A loopback stand-in for GitHub, Linux DO, an OIDC provider (with .well-known discovery), a WeChat login
 * server and Cloudflare Turnstile. Codes are single-use and bound to an identity; access tokens are opaque
 * and only valid here; client credentials are checked as the real providers check them.
 */
export async function startFakeOAuth(): Promise<FakeOAuth> {
  const codes = new Map<string, { provider: Provider; identity: Identity }>();
  const tokens = new Map<string, Identity>();
  const wechatCodes = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  const discovery: Record<string, string> = {};
  let base = '';

  const grant = (code: string, provider: Provider): string | null => {
    const entry = codes.get(code);
    codes.delete(code);
    if (!entry || entry.provider !== provider) return null;
    const token = randomBytes(12).toString('hex');
    tokens.set(token, entry.identity);
    return token;
  };
  const bearer = (req: IncomingMessage) => tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));

  const routes: Record<string, (req: IncomingMessage, body: string, url: URL) => [number, unknown, Record<string, string>?]> = {
    'GET /authorize': (_req, _body, url) => {
      const code = randomBytes(8).toString('hex');
      codes.set(code, { provider: url.searchParams.get('provider') as Provider, identity: JSON.parse(url.searchParams.get('identity') ?? '{}') });
      const back = new URL(url.searchParams.get('redirect_uri') ?? 'http://callback/');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return [302, '', { Location: back.toString() }];
    },
    'POST /github/login/oauth/access_token': (_req, body) => {
      const p = JSON.parse(body) as Record<string, string>;
      if (p.client_id !== CLIENT.id || p.client_secret !== CLIENT.secret) return [200, { error: 'incorrect_client_credentials' }];
      const token = grant(p.code ?? '', 'github');
      return [200, token ? { access_token: token, token_type: 'bearer', scope: 'user:email' } : { error: 'bad_verification_code' }];
    },
    'GET /github/user': (req) => {
      const identity = bearer(req);
      return identity ? [200, identity] : [401, { message: 'Bad credentials' }];
    },
    'POST /linuxdo/oauth2/token': (req, body) => {
      const basic = Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`) return [401, { message: 'invalid client' }];
      const token = grant(new URLSearchParams(body).get('code') ?? '', 'linuxdo');
      return [200, token ? { access_token: token } : { message: 'invalid grant' }];
    },
    'GET /linuxdo/api/user': (req) => {
      const identity = bearer(req);
      return identity ? [200, identity] : [401, { message: 'unauthorized' }];
    },
    'GET /oidc/.well-known/openid-configuration': () => [
      200,
      {
        issuer: `${base}/oidc`,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/oidc/token`,
        userinfo_endpoint: `${base}/oidc/userinfo`,
        ...discovery,
      },
    ],
    'POST /oidc/token': (_req, body) => {
      const p = new URLSearchParams(body);
      if (p.get('client_id') !== CLIENT.id || p.get('client_secret') !== CLIENT.secret) return [401, { error: 'invalid_client' }];
      const token = p.get('grant_type') === 'authorization_code' ? grant(p.get('code') ?? '', 'oidc') : null;
      return token ? [200, { access_token: token, token_type: 'Bearer', id_token: 'x' }] : [400, { error: 'invalid_grant' }];
    },
    'GET /oidc/userinfo': (req) => {
      const identity = bearer(req);
      return identity ? [200, identity] : [401, { error: 'invalid_token' }];
    },
    'GET /wechat/api/wechat/user': (req, _body, url) => {
      if (req.headers.authorization !== WECHAT_TOKEN) return [200, { success: false, message: '无权进行此操作，未登录' }];
      const id = wechatCodes.get(url.searchParams.get('code') ?? '') ?? '';
      return [200, { success: true, message: '', data: id }];
    },
    'POST /turnstile/siteverify': (_req, body) => {
      const p = new URLSearchParams(body);
      return [200, { success: p.get('response') === TURNSTILE_GOOD && p.get('secret') === 'turnstile-secret' }];
    },
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', base);
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });
      const route = routes[`${req.method} ${url.pathname}`];
      const [status, answer, headers] = route ? route(req, body, url) : [404, { error: 'not found' }];
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake oauth did not bind');
  base = `http://127.0.0.1:${address.port}`;

  return {
    url: base,
    requests,
    discovery,
    async authorize(provider, identity, state) {
      const q = new URLSearchParams({ provider, identity: JSON.stringify(identity), state, redirect_uri: `http://console.test/oauth/${provider}` });
      const res = await fetch(`${base}/authorize?${q}`, { redirect: 'manual' });
      const back = new URL(res.headers.get('location') ?? '');
      return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
    },
    wechatCode(wechatId) {
      const code = randomBytes(3).toString('hex');
      wechatCodes.set(code, wechatId);
      return code;
    },
    env: () => ({
      GITHUB_TOKEN_ENDPOINT: `${base}/github/login/oauth/access_token`,
      GITHUB_USER_ENDPOINT: `${base}/github/user`,
      LINUX_DO_TOKEN_ENDPOINT: `${base}/linuxdo/oauth2/token`,
      LINUX_DO_USER_ENDPOINT: `${base}/linuxdo/api/user`,
      TURNSTILE_VERIFY_URL: `${base}/turnstile/siteverify`,
    }),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
