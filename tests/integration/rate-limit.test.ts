import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from '../support/gateway.js';

/** One request from a chosen client address (the gateway trusts X-Forwarded-For from loopback by default). */
async function hit(gw: TestGateway, path: string, ip: string, init: RequestInit = {}): Promise<{ status: number; body: string }> {
  const res = await fetch(`${gw.url}${path}`, { ...init, headers: { 'x-forwarded-for': ip, ...(init.headers ?? {}) } });
  return { status: res.status, body: await res.text() };
}
const login = (gw: TestGateway, ip: string) =>
  hit(gw, '/api/user/login', ip, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }) });
const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status);

describe('per-IP rate limits, both enabled (GLOBAL 8 per 3 s, CRITICAL 3 per 60 s)', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway({
      GLOBAL_API_RATE_LIMIT_ENABLE: 'true',
      GLOBAL_API_RATE_LIMIT: '8',
      GLOBAL_API_RATE_LIMIT_DURATION: '3',
      CRITICAL_RATE_LIMIT_ENABLE: 'true',
      CRITICAL_RATE_LIMIT: '3',
      CRITICAL_RATE_LIMIT_DURATION: '60',
    });
  });
  afterAll(() => gw?.stop());

  it('refuses the request past the global limit with a bare 429, per IP, until the window passes', async () => {
    const ip = '203.0.113.10';
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await hit(gw, '/api/status', ip));
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    expect(answers[8]!.body).toBe('');
    // Every /api route counts, not only the one that was hammered.
    expect((await hit(gw, '/api/notice', ip)).status).toBe(429);
    // Another address has its own bucket.
    expect((await hit(gw, '/api/status', '203.0.113.11')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3100));
    expect((await hit(gw, '/api/status', ip)).status).toBe(200);
  });

  it('shares one critical bucket between login and the other critical routes, leaving normal routes alone', async () => {
    const ip = '198.51.100.20';
    const first = [await login(gw, ip), await login(gw, ip), await hit(gw, '/api/oauth/state', ip)];
    expect(statuses(first)).toEqual([200, 200, 200]);
    const refused = [await login(gw, ip), await hit(gw, '/api/oauth/state', ip)];
    expect(statuses(refused)).toEqual([429, 429]);
    expect(refused.map((r) => r.body)).toEqual(['', '']);
    expect((await hit(gw, '/api/status', ip)).status).toBe(200);
    expect((await login(gw, '198.51.100.21')).status).toBe(200);
  });

  it('keeps a separate bucket for each of many addresses', async () => {
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => hit(gw, '/api/status', `10.20.${i >> 8}.${i & 255}`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });
});

describe('rate-limit switches (GLOBAL off, CRITICAL 2 per 60 s, X-Forwarded-For not trusted)', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway({
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      CRITICAL_RATE_LIMIT_ENABLE: 'true',
      CRITICAL_RATE_LIMIT: '2',
      // Only this (absent) proxy may set the client address: the test's own header is ignored.
      TRUSTED_PROXIES: '192.0.2.1',
    });
  });
  afterAll(() => gw?.stop());

  it('never limits normal routes when the global limit is switched off', async () => {
    const answers = await Promise.all(Array.from({ length: 250 }, () => hit(gw, '/api/status', '203.0.113.50')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it('does not let an untrusted client pick a fresh bucket with X-Forwarded-For (S18)', async () => {
    expect(statuses([await login(gw, '1.1.1.1'), await login(gw, '2.2.2.2'), await login(gw, '3.3.3.3')])).toEqual([200, 200, 429]);
  });
});
