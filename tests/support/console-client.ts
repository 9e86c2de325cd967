import type { TestGateway } from './gateway.js';

export interface ApiResponse<T = unknown> {
  status: number;
  body: { success?: boolean; message?: string; data?: T } & Record<string, unknown>;
  headers: Headers;
}

/** A console user: the session cookie plus the New-Api-User header, as the browser sends them. */
export class ConsoleClient {
  cookie = '';
  userId = 0;

  constructor(readonly gw: TestGateway) {}

  async call<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const res = await fetch(`${this.gw.url}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.userId ? { 'New-Api-User': String(this.userId) } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await res.text();
    let parsed: ApiResponse<T>['body'] = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { raw: text };
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get<T = unknown>(path: string) {
    return this.call<T>('GET', path);
  }
  post<T = unknown>(path: string, body?: unknown) {
    return this.call<T>('POST', path, body ?? {});
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.call<T>('PUT', path, body ?? {});
  }
  del<T = unknown>(path: string) {
    return this.call<T>('DELETE', path);
  }

  async login(username: string, password: string): Promise<void> {
    const r = await this.post<{ id: number }>('/api/user/login', { username, password });
    if (!r.body.success) throw new Error(`login failed: ${r.body.message}`);
    this.userId = r.body.data!.id;
  }
}

export const ROOT_USER = { username: 'root', password: 'rootpass123' };

/** Runs first-time setup and returns a logged-in root client. */
export async function setupRoot(gw: TestGateway): Promise<ConsoleClient> {
  const c = new ConsoleClient(gw);
  const r = await c.post('/api/setup', { ...ROOT_USER, confirmPassword: ROOT_USER.password, SelfUseModeEnabled: false, DemoSiteEnabled: false });
  if (!r.body.success) throw new Error(`setup failed: ${JSON.stringify(r.body)}`);
  await c.login(ROOT_USER.username, ROOT_USER.password);
  return c;
}

/** Polls until the predicate holds (batched writes land within BATCH_UPDATE_INTERVAL). */
export async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
