import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { initialChannelState, type ChannelState } from '../actors/channel-state.js';
import { CLOSED } from '../channel-health/breaker.js';
import { RELAY_ENDPOINTS } from '../relay/endpoints.js';
import { upstreamError } from '../relay/upstream-error.js';
import { breakerGauge, RelayMetrics, statusClassIndex, type ScrapeSources } from './relay-metrics.js';

const chat = RELAY_ENDPOINTS.find((e) => e.path === '/v1/chat/completions')!;
const playground = RELAY_ENDPOINTS.find((e) => e.path === '/pg/chat/completions')!;
const messages = RELAY_ENDPOINTS.find((e) => e.path === '/v1/messages')!;

/** The value of one exposition line, e.g. `name{a="b"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function setup(channels: { id: number; state: ChannelState }[] = [], now = 1_000_000, redis: boolean | null = null) {
  const registry = new Registry();
  const load = { current: 0, limit: 2 };
  const sources: ScrapeSources = {
    ...(redis === null ? {} : { redis: () => redis }),
    inFlight: () => load,
    leases: () => [
      { kind: 'user', slices: 2, held: 640, reserved: 10 },
      { kind: 'token', slices: 1, held: 320, reserved: 10 },
    ],
    channels: () => channels,
    now: () => now,
  };
  return { metrics: new RelayMetrics(registry, sources), scrape: () => registry.metrics(), load };
}

describe('statusClassIndex and breakerGauge', () => {
  it.each([
    [0, 0],
    [200, 2],
    [299, 2],
    [400, 4],
    [429, 4],
    [503, 5],
    [99, 0],
    [600, 0],
  ])('status %i → class %i', (status, index) => expect(statusClassIndex(status)).toBe(index));

  it('reads a breaker as closed, open while cooling down, half-open once a probe may go', () => {
    expect(breakerGauge(CLOSED, 10)).toBe(0);
    expect(breakerGauge({ failures: 3, open: true, retryAt: 20, probing: false }, 10)).toBe(1);
    expect(breakerGauge({ failures: 3, open: true, retryAt: 20, probing: false }, 20)).toBe(2);
    expect(breakerGauge({ failures: 3, open: true, retryAt: 50, probing: true }, 30)).toBe(2);
  });
});

describe('RelayMetrics', () => {
  it.each([
    [true, 1],
    [false, 0],
    [null, undefined],
  ])('reads the Redis connection at scrape time, no series without one (%s: %s)', async (up, value) => {
    const { scrape } = setup([], 1_000_000, up);
    expect(sample(await scrape(), 'ferryman_redis_up')).toBe(value);
  });

  it('shows every route family at zero before any request', async () => {
    const text = await setup().scrape();
    expect(sample(text, 'ferryman_relay_requests_total{family="chat",format="openai",status_class="2xx"}')).toBe(0);
    expect(sample(text, 'ferryman_relay_requests_total{family="count_tokens",format="claude",status_class="5xx"}')).toBe(0);
    expect(sample(text, 'ferryman_relay_duration_seconds_count{family="embeddings",format="openai"}')).toBe(0);
    // process and event-loop metrics are the registry's (observability.ts), not these
    expect(text).not.toContain('process_resident_memory_bytes');
  });

  it('counts requests by family, format and status class; rows of one family share a series', async () => {
    const { metrics, scrape } = setup();
    metrics.finished(chat, 200, 120, 0);
    metrics.finished(playground, 200, 30, 0);
    metrics.finished(chat, 429, 5, 0);
    metrics.finished(messages, 0, 2000, 0);
    metrics.finished(messages, 200, 3000, 250);
    const text = await scrape();
    expect(sample(text, 'ferryman_relay_requests_total{family="chat",format="openai",status_class="2xx"}')).toBe(2);
    expect(sample(text, 'ferryman_relay_requests_total{family="chat",format="openai",status_class="4xx"}')).toBe(1);
    expect(sample(text, 'ferryman_relay_requests_total{family="chat",format="claude",status_class="none"}')).toBe(1);
    expect(sample(text, 'ferryman_relay_requests_total{family="chat",format="claude",status_class="2xx"}')).toBe(1);
    expect(sample(text, 'ferryman_relay_duration_seconds_count{family="chat",format="openai"}')).toBe(3);
    expect(sample(text, 'ferryman_relay_duration_seconds_sum{family="chat",format="openai"}')).toBeCloseTo(0.155, 9);
    expect(sample(text, 'ferryman_relay_duration_seconds_bucket{le="0.1",family="chat",format="openai"}')).toBe(2);
    expect(sample(text, 'ferryman_relay_first_byte_seconds_count{family="chat",format="claude"}')).toBe(1);
    expect(sample(text, 'ferryman_relay_first_byte_seconds_bucket{le="0.25",family="chat",format="claude"}')).toBe(1);
    expect(sample(text, 'ferryman_relay_first_byte_seconds_count{family="chat",format="openai"}')).toBe(0);
  });

  it('counts overload refusals as 5xx requests without a latency, retries and charged quota', async () => {
    const { metrics, scrape, load } = setup();
    metrics.rejected(chat);
    metrics.rejected(chat);
    metrics.retried();
    metrics.charged(1500);
    metrics.charged(0);
    load.current = 2;
    const text = await scrape();
    expect(sample(text, 'ferryman_relay_rejected_total')).toBe(2);
    expect(sample(text, 'ferryman_relay_requests_total{family="chat",format="openai",status_class="5xx"}')).toBe(2);
    expect(sample(text, 'ferryman_relay_duration_seconds_count{family="chat",format="openai"}')).toBe(0);
    expect(sample(text, 'ferryman_relay_retries_total')).toBe(1);
    expect(sample(text, 'ferryman_quota_charged_total')).toBe(1500);
    expect(sample(text, 'ferryman_relay_in_flight')).toBe(2);
    expect(sample(text, 'ferryman_relay_in_flight_limit')).toBe(2);
    expect(sample(text, 'ferryman_quota_lease_held{kind="user"}')).toBe(640);
    expect(sample(text, 'ferryman_quota_lease_reserved{kind="token"}')).toBe(10);
    expect(sample(text, 'ferryman_quota_lease_slices{kind="user"}')).toBe(2);
  });

  it('reads breakers and load per channel at scrape time, and drops the errors of a deleted channel', async () => {
    const open = { ...initialChannelState(), inFlight: 3, breaker: { failures: 5, open: true, retryAt: 2_000_000, probing: false } };
    const channels = [
      { id: 7, state: initialChannelState() },
      { id: 9, state: open },
    ];
    const { metrics, scrape } = setup(channels);
    metrics.upstreamError(9, upstreamError(500, 'boom'));
    metrics.upstreamError(9, upstreamError(500, 'boom'));
    metrics.upstreamError(9, upstreamError(429, 'slow down'));
    metrics.upstreamError(7, upstreamError(401, 'bad key'));
    let text = await scrape();
    expect(sample(text, 'ferryman_channel_breaker_state{channel="7"}')).toBe(0);
    expect(sample(text, 'ferryman_channel_breaker_state{channel="9"}')).toBe(1);
    expect(sample(text, 'ferryman_channel_in_flight{channel="9"}')).toBe(3);
    expect(sample(text, 'ferryman_upstream_errors_total{channel="9",kind="http_5xx"}')).toBe(2);
    expect(sample(text, 'ferryman_upstream_errors_total{channel="9",kind="rate_limited"}')).toBe(1);
    expect(sample(text, 'ferryman_upstream_errors_total{channel="7",kind="auth"}')).toBe(1);
    channels.splice(0, 1);
    text = await scrape();
    expect(sample(text, 'ferryman_channel_breaker_state{channel="7"}')).toBeUndefined();
    expect(sample(text, 'ferryman_upstream_errors_total{channel="7",kind="auth"}')).toBeUndefined();
    expect(sample(text, 'ferryman_upstream_errors_total{channel="9",kind="http_5xx"}')).toBe(2);
  });
});
