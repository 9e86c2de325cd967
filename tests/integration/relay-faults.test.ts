import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/console-client.js';
import { addChannel, addToken, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

async function setOption(f: RelayFixture, key: string, value: string) {
  await f.gw.sql`INSERT INTO options (key, value) VALUES (${key}, ${value}) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`;
  await new Promise((r) => setTimeout(r, 1500)); // SYNC_FREQUENCY=1 reloads options
}

const post = (f: RelayFixture, key: string, body: Record<string, unknown>, signal?: AbortSignal) =>
  fetch(`${f.gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], ...body }),
    signal,
  });

async function readSse(r: Response): Promise<string[]> {
  const text = await r.text();
  return text.split('\n\n').filter(Boolean).map((e) => e.replace(/^data: /, ''));
}

describe('relay faults', () => {
  let f: RelayFixture;
  let key: string;
  beforeAll(async () => {
    f = await startRelayFixture({ SYNC_FREQUENCY: '1', STREAMING_TIMEOUT: '1' });
    await addChannel(f, { name: 'failing', key: 'mock-status-500', models: 'm-retry', priority: 10 });
    await addChannel(f, { name: 'healthy', key: 'mock-ok', models: 'm-retry', priority: 0 });
    await addChannel(f, { name: 'same-a', key: 'mock-status-502', models: 'm-same' });
    await addChannel(f, { name: 'same-b', key: 'mock-ok', models: 'm-same' });
    await addChannel(f, { name: 'limited', key: 'mock-status-429', models: 'm-429' });
    await addChannel(f, { name: 'plain', key: 'mock-ok', models: 'gpt-4o-mini' });
    await setOption(f, 'ModelRatio', JSON.stringify({ 'gpt-4o-mini': 0.075, 'm-retry': 1, 'm-same': 1, 'm-429': 1 }));
    await setOption(f, 'RetryTimes', '1');
    key = (await addToken(f.root, { remain_quota: 10_000_000 })).key;
  });
  afterAll(() => f?.stop());

  it('retries a 500 on the next tier and bills only the answer', async () => {
    await f.mock.reset();
    const r = await post(f, key, { model: 'm-retry' });
    expect(r.status).toBe(200);
    const calls = (await f.mock.requests()).filter((x) => x.path === '/v1/chat/completions');
    expect(calls.map((c) => c.headers.authorization)).toEqual(['Bearer mock-status-500', 'Bearer mock-ok']);
    const [log] = await eventually(
      () => f.gw.sql<{ other: string }[]>`SELECT other FROM logs WHERE type = 2 AND model_name = 'm-retry' ORDER BY id DESC LIMIT 1`,
      (rows) => rows.length === 1,
    );
    expect(JSON.parse(log!.other).admin_info.use_channel).toHaveLength(2);
  });

  it('never retries on the channel that just failed', async () => {
    const statuses = await Promise.all(Array.from({ length: 20 }, () => post(f, key, { model: 'm-same' }).then((r) => r.status)));
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('answers 429 in the OpenAI envelope when no channel is left', async () => {
    const r = await post(f, key, { model: 'm-429' });
    expect(r.status).toBe(429);
    const body = (await r.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/mock error 429/);
  });

  it('ends a stream well-formed after an upstream error mid-stream', async () => {
    const r = await post(f, key, { model: 'gpt-4o-mini', stream: true, mock: { error_mid_stream_after: 2 } });
    expect(r.status).toBe(200);
    const events = await readSse(r);
    expect(events.at(-1)).toBe('[DONE]');
    expect(events.some((e) => e.includes('"error"'))).toBe(true);
  });

  it('cuts an idle stream after STREAMING_TIMEOUT and still ends with [DONE]', async () => {
    const started = Date.now();
    const r = await post(f, key, { model: 'gpt-4o-mini', stream: true, mock: { stall_after_chunks: 2 } });
    const events = await readSse(r);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(events.at(-1)).toBe('[DONE]');
    expect(events.some((e) => e.includes('stream idle timeout') && e.includes('request id: '))).toBe(true);
  });

  it('aborts the upstream when the client disconnects and bills what was delivered', async () => {
    await f.mock.reset();
    const ac = new AbortController();
    const r = await post(f, key, { model: 'gpt-4o-mini', stream: true, mock: { chunks: 50, chunk_delay_ms: 100 } }, ac.signal);
    const reader = r.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    // Wait until some content (not just the role chunk) has been delivered, then hang up.
    while (!/"content":"[^"]+"/.test(seen)) seen += decoder.decode((await reader.read()).value);
    ac.abort();
    const rec = await eventually(
      async () => (await f.mock.requests()).find((x) => x.path === '/v1/chat/completions'),
      (x) => x?.aborted === true,
      3000,
    );
    expect(rec?.aborted).toBe(true);
    const [log] = await eventually(
      () => f.gw.sql<{ other: string; completion_tokens: number }[]>`SELECT other, completion_tokens FROM logs WHERE type = 2 AND other LIKE '%client_gone%' ORDER BY id DESC LIMIT 1`,
      (rows) => rows.length === 1,
    );
    expect(log!.completion_tokens).toBeGreaterThan(0);
    expect(log!.completion_tokens).toBeLessThan(50);
  });

  it('holds the upstream back while the client is not reading, then delivers every frame in order', async () => {
    await f.mock.reset();
    // 32 MiB of answer in 16 384 frames: far more than the gateway may hold for one slow client.
    const frames = 16_384;
    const res = await request(`${f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
        mock: { content: 'abcdefgh'.repeat(256), content_repeat: frames, chunks: frames },
      }),
    });
    expect(res.statusCode).toBe(200);
    // undici stops reading the socket while its body is not consumed; the gateway must then stop reading
    // the upstream, so the mock cannot finish its answer.
    await new Promise((r) => setTimeout(r, 1500));
    const during = (await f.mock.requests()).find((x) => x.path === '/v1/chat/completions');
    expect(during?.completed).toBe(false);

    const events = (await res.body.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const content = events
      .slice(0, -1)
      .map((e) => JSON.parse(e.slice('data: '.length)) as { choices: Array<{ delta: { content?: string } }> })
      .map((c) => c.choices[0]?.delta.content ?? '');
    expect(content.filter(Boolean)).toHaveLength(frames);
    expect(content.join('')).toBe('abcdefgh'.repeat(256 * frames));
    const after = (await f.mock.requests()).find((x) => x.path === '/v1/chat/completions');
    expect(after?.completed).toBe(true);
  });
});
