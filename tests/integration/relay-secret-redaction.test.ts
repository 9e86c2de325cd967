import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/console-client.js';
import { addChannel, addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

// Both keys of one multi-key channel are canaries; the mock quotes the Authorization header it received
// in every error it produces (echo_auth), as an upstream that echoes the rejected key would.
const CANARIES = [`sk-canary-${randomUUID()}`, `sk-canary-${randomUUID()}`];

const post = (f: RelayFixture, key: string, body: Record<string, unknown>) =>
  fetch(`${f.gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm-canary', messages: [{ role: 'user', content: 'hi' }], ...body }),
  });

const leaks = (text: string): string[] => CANARIES.filter((c) => text.includes(c) || text.includes(c.slice('sk-'.length)));

describe('channel keys never leave the relay', () => {
  let f: RelayFixture;
  let key: string;
  beforeAll(async () => {
    f = await startRelayFixture({ ERROR_LOG_ENABLED: 'true', SYNC_FREQUENCY: '1' });
    const id = await addChannel(f, { name: 'canary', key: CANARIES[0], models: 'm-canary' });
    await f.gw.sql`UPDATE channels SET key = ${CANARIES.join('\n')} WHERE id = ${id}`;
    await f.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'm-canary': 1 }) });
    key = (await addToken(f.root, { remain_quota: 10_000_000 })).key;
    // The directory reloads the two-key row on the next sync.
    await new Promise((r) => setTimeout(r, 1500));
  });
  afterAll(() => f?.stop());

  // Two calls per case: the channel rotates its keys, so each canary is echoed once.
  it.each([
    ['a non-stream error body', { mock: { status: 401, echo_auth: true } }, 401],
    ['an error inside a 200 body', { mock: { body_error_in_200: true, echo_auth: true } }, 500],
    ['a stream that fails before its first byte', { stream: true, mock: { status: 500, echo_auth: true } }, 500],
    // nothing reached the client yet: the attempt fails (and may be retried) with the upstream's message
    ['an SSE error frame as the first event', { stream: true, mock: { error_mid_stream_after: 0, echo_auth: true } }, 500],
    ['an SSE error frame mid-stream', { stream: true, mock: { error_mid_stream_after: 2, echo_auth: true } }, 200],
  ])('%s keeps the status and a useful message but no key', async (_case, body, status) => {
    // A good answer first ends the failure streak the previous case left, so the breaker stays closed.
    expect((await post(f, key, {})).status).toBe(200);
    await f.mock.reset();
    for (let i = 0; i < 2; i++) {
      const r = await post(f, key, body);
      const text = await r.text();
      expect(r.status).toBe(status);
      expect(text).toMatch(/mock error/);
      expect(text).toContain('Bearer [redacted]');
      expect(leaks(text)).toEqual([]);
    }
    const sent = (await f.mock.requests()).map((x) => x.headers.authorization);
    expect(sent.sort()).toEqual(CANARIES.map((c) => `Bearer ${c}`).sort());
  });

  it('writes no key into any log row or server log line', async () => {
    const rows = await eventually(
      () => f.gw.sql<{ content: string; other: string }[]>`SELECT content, other FROM logs`,
      (r) => r.filter((x) => x.content.includes('mock error')).length >= 6,
    );
    expect(rows.filter((x) => x.content.includes('mock error')).length).toBeGreaterThanOrEqual(6);
    expect(leaks(JSON.stringify(rows))).toEqual([]);
    expect(leaks(f.gw.output())).toEqual([]);
  });
});
