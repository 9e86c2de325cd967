import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addToken, ledger, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

// new-api's stream keep-alive (general_setting.ping_interval_enabled / _seconds, relay.md §6): `: PING`
// whenever a whole period passes with nothing written, before the upstream answers and between its events.

describe('stream keep-alive pings', () => {
  let f: RelayFixture;
  let key: string;

  const setOption = async (k: string, value: string) => {
    const r = await f.root.put('/api/option/', { key: k, value });
    expect(r.body).toEqual({ success: true, message: '' });
  };
  const stream = async (mock: Record<string, unknown>, model = 'gpt-4o-mini') => {
    const r = await fetch(`${f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'hi' }], mock }),
    });
    const frames = (await r.text()).split('\n\n').filter(Boolean);
    if (r.status === 200 && !frames.some((x) => x.startsWith('data: {"error"'))) answered++;
    return { status: r.status, type: r.headers.get('content-type'), frames };
  };
  // Every answered stream is billed with one log row, written in the background.
  let answered = 0;
  const settledLedger = () => ledger(f.gw, f.root.userId, (v) => v.logs === answered);

  beforeAll(async () => {
    f = await startRelayFixture();
    await addChannel(f, { models: 'gpt-4o-mini' });
    await addChannel(f, { name: 'fails-late', key: 'mock-status-500', models: 'm-late-failure' });
    await addChannel(f, { name: 'second', key: 'mock-ok', models: 'm-late-failure', priority: -1 });
    await setOption('ModelRatio', JSON.stringify({ 'gpt-4o-mini': 0.075, 'm-late-failure': 1 }));
    await setOption('RetryTimes', '1');
    key = (await addToken(f.root)).key;
  });
  afterAll(() => f?.stop());

  it('sends nothing extra while the option is off (the default)', async () => {
    const r = await stream({ delay_ms: 1300, chunks: 2 });
    expect(r.status).toBe(200);
    expect(r.frames.some((x) => x.startsWith(':'))).toBe(false);
    expect(r.frames.at(-1)).toBe('data: [DONE]');
  });

  describe('with the option on, every second', () => {
    beforeAll(async () => {
      await setOption('general_setting.ping_interval_enabled', 'true');
      await setOption('general_setting.ping_interval_seconds', '1');
    });

    it('pings while the upstream thinks and between slow events, then relays and bills the answer', async () => {
      const before = await settledLedger();
      const r = await stream({ delay_ms: 2300, chunks: 2, chunk_delay_ms: 2300, content: 'slow answer' });
      expect(r.status).toBe(200);
      expect(r.type).toBe('text/event-stream');
      const firstData = r.frames.findIndex((x) => x.startsWith('data: '));
      expect(r.frames.slice(0, firstData)).toEqual([': PING', ': PING']);
      const content = r.frames
        .filter((x) => x.startsWith('data: {'))
        .map((x) => (JSON.parse(x.slice(6)) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content ?? '')
        .join('');
      expect(content).toBe('slow answer');
      // the silence between the two content events was filled too
      const lastData = r.frames.length - 1 - [...r.frames].reverse().findIndex((x) => x.startsWith('data: {'));
      expect(r.frames.slice(firstData, lastData).filter((x) => x === ': PING').length).toBeGreaterThanOrEqual(1);
      expect(r.frames.at(-1)).toBe('data: [DONE]');
      const after = await settledLedger();
      expect(after.logs).toBe(before.logs + 1);
      expect(after.charged).toBeGreaterThan(before.charged);
    });

    it('does not ping a stream that keeps writing', async () => {
      const r = await stream({ chunks: 6, chunk_delay_ms: 300 });
      expect(r.frames.some((x) => x.startsWith(':'))).toBe(false);
    });

    it('ends a pinged stream with an error event when the upstream then fails, and charges nothing', async () => {
      await f.mock.reset();
      const before = await settledLedger();
      const balance = async () => (await f.root.get<{ quota: number }>('/api/user/self')).body.data!.quota;
      const balanceBefore = await balance();
      const r = await stream({ delay_ms: 1500 }, 'm-late-failure');
      expect(r.status).toBe(200); // committed by the ping
      expect(r.frames[0]).toBe(': PING');
      const error = JSON.parse(r.frames.at(-2)!.slice(6)) as { error: { message: string } };
      expect(error.error.message).toMatch(/request id: /);
      expect(r.frames.at(-1)).toBe('data: [DONE]');
      // the ping committed the response, so the second channel was never tried
      expect((await f.mock.requests()).filter((x) => x.path === '/v1/chat/completions')).toHaveLength(1);
      await new Promise((res) => setTimeout(res, 1500));
      const after = await ledger(f.gw, f.root.userId);
      expect(after.logs).toBe(before.logs);
      expect(after.charged).toBe(before.charged);
      expect(await balance()).toBe(balanceBefore); // the reservation went back whole (leased quota included)
    });
  });
});
