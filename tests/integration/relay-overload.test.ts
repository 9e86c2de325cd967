import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addToken, ledger, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { scrapeMetrics, valueOf } from '../support/scrape-metrics.js';

// Overload (issue 12, scope 6): beyond RELAY_MAX_IN_FLIGHT a relay request is answered 503 at once, in the
// client's own error format, with Retry-After, before its body is read and before any quota is reserved.

const TOKEN = 'overload-metrics-token';
const HOLD_MS = 4000;

describe('relay concurrency cap', () => {
  let f: RelayFixture;
  let key: string;

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${f.gw.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const chat = (mock: Record<string, unknown> = {}) => post('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], mock });
  const read = async (r: Response) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as Record<string, unknown> });
  const metrics = () => scrapeMetrics(f.gw.url, TOKEN);
  /** Resolves once the gateway reports `n` relay requests in flight. */
  const inFlight = async (n: number) => {
    for (let i = 0; i < 200; i++) {
      if (valueOf(await metrics(), 'ferryman_relay_in_flight') === n) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`never ${n} requests in flight`);
  };

  beforeAll(async () => {
    f = await startRelayFixture({ RELAY_MAX_IN_FLIGHT: '2', METRICS_TOKEN: TOKEN });
    await addChannel(f, { models: 'gpt-4o-mini' });
    const r = await f.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'gpt-4o-mini': 0.5 }) });
    expect(r.body.success).toBe(true);
    key = (await addToken(f.root)).key;
  });
  afterAll(() => f?.stop());

  it('serves 2 of 10 concurrent requests and answers the other 8 with 503 and Retry-After, charging only the 2', async () => {
    const before = await ledger(f.gw, f.root.userId);
    await f.mock.reset();
    const m0 = await metrics();
    const answers = await Promise.all(Array.from({ length: 10 }, () => chat({ delay_ms: HOLD_MS }).then(read)));
    const served = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 503);
    expect(served).toHaveLength(2);
    expect(refused).toHaveLength(8);
    // the refused ones cost the upstream nothing
    expect(await f.mock.requests()).toHaveLength(2);
    for (const a of refused) {
      expect(a.retryAfter).toBe('1');
      expect(a.body).toEqual({ error: { message: expect.stringContaining('RELAY_MAX_IN_FLIGHT'), type: 'new_api_error', param: '', code: 'gateway_overloaded' } });
    }
    const after = await ledger(f.gw, f.root.userId, (v) => v.logs === before.logs + 2 && v.requests === before.requests + 2);
    expect(after.logs - before.logs).toBe(2);
    expect(after.used - before.used).toBe(after.charged - before.charged);
    const m1 = await metrics();
    expect(valueOf(m1, 'ferryman_relay_rejected_total') - valueOf(m0, 'ferryman_relay_rejected_total')).toBe(8);
    expect(valueOf(m1, 'ferryman_quota_charged_total') - valueOf(m0, 'ferryman_quota_charged_total')).toBe(after.charged - before.charged);
    expect(valueOf(m1, 'ferryman_relay_in_flight')).toBe(0);
  });

  it("refuses Claude and Gemini clients in their own error format, without reading or parsing the body", async () => {
    const held = [chat({ delay_ms: HOLD_MS }), chat({ delay_ms: HOLD_MS })];
    await inFlight(2);
    // a body that is not even JSON: over the cap it is never read, so the answer is still the 503
    const claude = await read(await post('/v1/messages', '{not json', { 'x-api-key': key, 'anthropic-version': '2023-06-01' }));
    expect(claude.status).toBe(503);
    expect(claude.retryAfter).toBe('1');
    expect(claude.body).toMatchObject({ type: 'error', error: { type: 'api_error', message: expect.stringContaining('RELAY_MAX_IN_FLIGHT') } });
    const gemini = await read(await post('/v1beta/models/gemini-2.0-flash:generateContent', '{not json'));
    expect(gemini.status).toBe(503);
    expect(gemini.body).toMatchObject({ error: { code: 503, status: 'UNAVAILABLE' } });
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
  });

  it('stays flat through a flood of refused requests with large bodies, and serves again once the held ones finish', async () => {
    const held = [chat({ delay_ms: HOLD_MS }), chat({ delay_ms: HOLD_MS })];
    await inFlight(2);
    const m0 = await metrics();
    expect(m0.has('nodejs_heap_size_used_bytes') && m0.has('nodejs_active_handles_total')).toBe(true);
    const big = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x'.repeat(256 * 1024) }] });
    let refused = 0;
    for (let round = 0; round < 6; round++) {
      const statuses = await Promise.all(Array.from({ length: 25 }, () => post('/v1/chat/completions', big).then(async (r) => (await r.body?.cancel(), r.status))));
      refused += statuses.filter((s) => s === 503).length;
    }
    expect(refused).toBe(150);
    const m1 = await metrics();
    expect(valueOf(m1, 'ferryman_relay_in_flight')).toBe(2);
    // 150 × 256 KB bodies went by: none of them may stay on the heap or leave a handle open
    expect(valueOf(m1, 'nodejs_heap_size_used_bytes') - valueOf(m0, 'nodejs_heap_size_used_bytes')).toBeLessThan(24 * 1024 * 1024);
    expect(valueOf(m1, 'nodejs_active_handles_total')).toBeLessThanOrEqual(valueOf(m0, 'nodejs_active_handles_total') + 2);

    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
    await inFlight(0);
    for (let i = 0; i < 3; i++) expect((await chat()).status).toBe(200);
    const [a, b] = await Promise.all([chat(), chat()]);
    expect([a.status, b.status]).toEqual([200, 200]);
  });
});
