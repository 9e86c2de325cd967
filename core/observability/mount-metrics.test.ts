import * as uWS from 'uWebSockets.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObservability, type Observability } from './observability.js';
import { mountMetrics } from './mount-metrics.js';

const SOURCES = { inFlight: () => ({ current: 0, limit: 0 }), leases: () => null, channels: () => [] };

/** A real uWS server with only the /metrics route, on a free loopback port. */
async function serve(token: string | undefined, observability: Observability | null) {
  const app = uWS.App();
  mountMetrics(app, token, observability);
  const socket = await new Promise<uWS.us_listen_socket>((resolve, reject) => app.listen('127.0.0.1', 0, (s) => (s ? resolve(s) : reject(new Error('listen failed')))));
  return { url: `http://127.0.0.1:${uWS.us_socket_local_port(socket)}`, close: () => uWS.us_listen_socket_close(socket) };
}

describe('GET /metrics', () => {
  let off: Awaited<ReturnType<typeof serve>>;
  let on: Awaited<ReturnType<typeof serve>>;
  let observability: Observability;

  beforeAll(async () => {
    expect(createObservability(undefined, SOURCES)).toBeNull();
    observability = createObservability('scrape-me', SOURCES)!;
    off = await serve(undefined, null);
    on = await serve('scrape-me', observability);
  });
  afterAll(() => {
    off?.close();
    on?.close();
  });

  it('is a plain 404 while METRICS_TOKEN is unset, whatever the caller sends', async () => {
    const r = await fetch(`${off.url}/metrics`, { headers: { authorization: 'Bearer scrape-me' } });
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ error: { message: 'Invalid URL (GET /metrics)', type: 'invalid_request_error', param: '', code: '' } });
  });

  it('asks for the bearer token with 401 when it is missing or wrong', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'scrape-me' }] as Record<string, string>[]) {
      const r = await fetch(`${on.url}/metrics`, { headers });
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    }
  });

  it('answers the token holder in Prometheus text format, relay and process metrics alike', async () => {
    observability.relay.charged(42);
    const r = await fetch(`${on.url}/metrics`, { headers: { authorization: 'Bearer scrape-me' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await r.text();
    expect(text).toContain('\nferryman_quota_charged_total 42\n');
    expect(text).toContain('# TYPE ferryman_relay_duration_seconds histogram');
    expect(text).toMatch(/\nprocess_resident_memory_bytes \d+/);
    expect(text).toMatch(/\nnodejs_eventloop_lag_seconds [\d.e-]+/);
  });
});
