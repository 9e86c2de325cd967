// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, configureHttp, request } from './http-client';
import { BusinessError, HttpStatusError, NetworkError } from './http-errors';

const respond = (status: number, body: unknown) => vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status }));

describe('http client', () => {
  const hooks = { onUnauthorized: vi.fn(), onStatus: vi.fn() };
  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 42, username: 'u', role: 1 }));
    configureHttp(hooks);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    hooks.onUnauthorized.mockReset();
    hooks.onStatus.mockReset();
  });

  it('sends New-API-User, Cache-Control: no-store and same-origin credentials', async () => {
    const fetchMock = respond(200, { success: true, message: '', data: [1] });
    globalThis.fetch = fetchMock as typeof fetch;
    await expect(api.get('/api/token/', { p: 0, size: 10 })).resolves.toEqual([1]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/token/?p=0&size=10');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'New-API-User': '42', 'Cache-Control': 'no-store' });
  });
  it('turns success=false into a BusinessError with the server message', async () => {
    globalThis.fetch = respond(200, { success: false, message: '令牌名称过长' }) as typeof fetch;
    await expect(api.post('/api/token/', {})).rejects.toEqual(new BusinessError('令牌名称过长'));
  });
  it('401 calls the unauthorized hook (redirect to /login?expired=true)', async () => {
    globalThis.fetch = respond(401, { success: false, message: '无权进行此操作，未登录且未提供 access token' }) as typeof fetch;
    await expect(api.get('/api/user/self')).rejects.toBeInstanceOf(HttpStatusError);
    expect(hooks.onUnauthorized).toHaveBeenCalledOnce();
    expect(hooks.onStatus).not.toHaveBeenCalled();
  });
  it('429 with an empty body and 500 reach the status hook', async () => {
    globalThis.fetch = respond(429, undefined) as typeof fetch;
    await expect(api.get('/api/status')).rejects.toMatchObject({ status: 429, handled: true });
    expect(hooks.onStatus).toHaveBeenCalledWith(429, '');
    globalThis.fetch = respond(500, { error: { message: 'Panic detected' } }) as typeof fetch;
    await expect(api.get('/api/status')).rejects.toMatchObject({ status: 500 });
    expect(hooks.onStatus).toHaveBeenLastCalledWith(500, 'Panic detected');
  });
  it('setup-style endpoints answer 400 with an envelope shown as a business error', async () => {
    globalThis.fetch = respond(400, { success: false, message: '系统已经初始化完成' }) as typeof fetch;
    await expect(request('POST', '/api/setup', { body: {}, envelopeOnError: true })).rejects.toEqual(new BusinessError('系统已经初始化完成'));
    expect(hooks.onStatus).not.toHaveBeenCalled();
  });
  it('a failed connection is a NetworkError', async () => {
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(api.get('/api/status')).rejects.toBeInstanceOf(NetworkError);
  });
});
