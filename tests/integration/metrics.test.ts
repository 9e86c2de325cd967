import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { addChannel, addToken, ledger, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { scrapeMetrics, valueOf } from '../support/scrape-metrics.js';

// Prometheus metrics (issue 12, scope 7): /metrics with METRICS_TOKEN, counters that move by exactly what
// was relayed, charged and retried, and a 404 when the token is unset.

const TOKEN = 'metrics-test-token';
const OK = 'ferryman_relay_requests_total{family="chat",format="openai",status_class="2xx"}';
const UNAUTHORIZED = 'ferryman_relay_requests_total{family="chat",format="openai",status_class="4xx"}';
const DURATION = 'ferryman_relay_duration_seconds_count{family="chat",format="openai"}';
const FIRST_BYTE = 'ferryman_relay_first_byte_seconds_count{family="chat",format="openai"}';

describe('/metrics', () => {
  let f: RelayFixture;
  let plain: TestGateway;
  let key: string;
  let failing: number;
  let good: number;
  let answered = 0;

  const chat = async (body: Record<string, unknown>, auth = key) => {
    const r = await fetch(`${f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body }),
    });
    const text = await r.text();
    if (r.status === 200) answered++;
    return { status: r.status, text };
  };
  const scrape = () => scrapeMetrics(f.gw.url, TOKEN);

  beforeAll(async () => {
    [f, plain] = await Promise.all([startRelayFixture({ METRICS_TOKEN: TOKEN }), startGateway()]);
    failing = await addChannel(f, { name: 'fails', key: 'mock-status-500', models: 'm-retry' });
    good = await addChannel(f, { name: 'good', key: 'mock-ok', models: 'gpt-4o-mini,m-retry', priority: -1 });
    for (const [k, value] of [
      ['ModelRatio', JSON.stringify({ 'gpt-4o-mini': 0.5, 'm-retry': 1 })],
      ['RetryTimes', '1'],
    ]) {
      const r = await f.root.put('/api/option/', { key: k, value });
      expect(r.body.success).toBe(true);
    }
    key = (await addToken(f.root)).key;
  });
  afterAll(async () => {
    await Promise.all([f?.stop(), plain?.stop()]);
  });

  it('is 404 on a gateway without METRICS_TOKEN, and 401 without the right bearer token', async () => {
    const off = await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(off.status).toBe(404);
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }] as Record<string, string>[]) {
      const r = await fetch(`${f.gw.url}/metrics`, { headers });
      expect(r.status).toBe(401);
      await r.body?.cancel();
    }
  });

  it('moves request, latency, retry, error and charge counters by exactly what was relayed', async () => {
    const settled = () => ledger(f.gw, f.root.userId, (v) => v.logs === answered);
    const before = await settled();
    const m0 = await scrape();

    for (let i = 0; i < 3; i++) expect((await chat({ mock: { content: 'plain answer' } })).status).toBe(200);
    const stream = await chat({ stream: true, mock: { chunks: 3 } });
    expect(stream.status).toBe(200);
    expect(stream.text).toContain('data: [DONE]');
    // a bad token: refused before any upstream work
    expect((await chat({}, 'sk-not-a-real-token')).status).toBe(401);
    // the first channel answers 500, the retry goes to the second
    expect((await chat({ model: 'm-retry' })).status).toBe(200);

    // consume logs and the used_quota counter are flushed in batches: wait for both
    const after = await ledger(f.gw, f.root.userId, (v) => v.logs === answered && v.used - before.used === v.charged - before.charged);
    const m1 = await scrape();
    const delta = (series: string) => valueOf(m1, series) - valueOf(m0, series);
    expect(delta(OK)).toBe(5);
    expect(delta(UNAUTHORIZED)).toBe(1);
    expect(delta(DURATION)).toBe(6);
    expect(delta(FIRST_BYTE)).toBe(1);
    expect(delta('ferryman_relay_retries_total')).toBe(1);
    expect(delta(`ferryman_upstream_errors_total{channel="${failing}",kind="http_5xx"}`)).toBe(1);
    expect(delta(`ferryman_upstream_errors_total{channel="${good}",kind="http_5xx"}`)).toBe(0);
    // what the counter says was charged is what the consume logs and the balance say, to the unit
    expect(after.logs - before.logs).toBe(5);
    expect(delta('ferryman_quota_charged_total')).toBe(after.charged - before.charged);
    // (the balance column is not compared: on the embedded database a lease holds part of it in memory)
    expect(delta('ferryman_quota_charged_total')).toBe(after.used - before.used);
    expect(delta('ferryman_quota_charged_total')).toBeGreaterThan(0);
    expect(delta('ferryman_relay_rejected_total')).toBe(0);
  });

  it('reads breakers, in-flight load, leases and the process at scrape time', async () => {
    const m = await scrape();
    expect(m.get(`ferryman_channel_breaker_state{channel="${good}"}`)).toBe(0);
    expect(m.get(`ferryman_channel_in_flight{channel="${good}"}`)).toBe(0);
    expect(m.get('ferryman_relay_in_flight')).toBe(0);
    expect(m.get('ferryman_relay_in_flight_limit')).toBe(512);
    // both databases lease quota into memory (QUOTA_LEASES defaults to true)
    expect(m.get('ferryman_quota_lease_slices{kind="user"}')).toBeGreaterThanOrEqual(0);
    expect(m.get('process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(m.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });
});
