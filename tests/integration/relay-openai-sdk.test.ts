import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addToken, ledger, startRelayFixture, tokenQuota, type RelayFixture } from '../support/relay-fixture.js';

// gpt-4o-mini: ratio 0.075, completion ratio 4 (hard-coded for gpt-4o*), mock usage 10 prompt + 20 completion:
// (10 + 20 × 4) × 0.075 × group 1 = 6.75 → rounds to 7.
const CHARGE = 7;
const START = 100_000_000;

describe('first paying request through the OpenAI SDK', () => {
  let f: RelayFixture;
  let client: OpenAI;
  let tokenId: number;

  beforeAll(async () => {
    f = await startRelayFixture();
    await addChannel(f, { models: 'gpt-4o-mini,text-embedding-3-small' });
    const t = await addToken(f.root, { remain_quota: 500000 });
    tokenId = t.id;
    client = new OpenAI({ baseURL: `${f.gw.url}/v1`, apiKey: t.key, maxRetries: 0 });
  });
  afterAll(() => f?.stop());

  it('answers a non-stream chat completion', async () => {
    const r = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.choices[0]!.message.content).toBe('Hello from mock upstream.');
    expect(r.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
  });

  it('streams a chat completion chunk by chunk and ends with [DONE]', async () => {
    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true });
    let text = '';
    let chunks = 0;
    let sawUsage = false;
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) sawUsage = true;
    }
    expect(text).toBe('Hello from mock upstream.');
    expect(chunks).toBeGreaterThan(2);
    // The gateway asked the upstream for usage but the client did not: the usage chunk is swallowed.
    expect(sawUsage).toBe(false);
  });

  it('returns the usage chunk when the client asks for it', async () => {
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
    expect(usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
  });

  it('relays embeddings and lists models', async () => {
    const e = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'hello' });
    expect(e.data[0]!.embedding.length).toBeGreaterThan(0);
    const models = await client.models.list();
    expect(models.data.map((m) => m.id).sort()).toEqual(['gpt-4o-mini', 'text-embedding-3-small']);
  });

  it('charges exactly and explains every charge with a consume log', async () => {
    const state = await ledger(f.gw, f.root.userId, (v) => v.logs >= 4 && v.quota + v.charged === START);
    expect(state.quota + state.charged).toBe(START);
    const rows = await f.gw.sql<{ quota: number; model_name: string; is_stream: boolean; token_id: number; other: string; content: string }[]>`
      SELECT quota, model_name, is_stream, token_id, other, content FROM logs WHERE type = 2 AND model_name = 'gpt-4o-mini' ORDER BY id`;
    expect(rows.map((r) => r.quota)).toEqual([CHARGE, CHARGE, CHARGE]);
    expect(rows.map((r) => r.is_stream)).toEqual([false, true, true]);
    expect(rows.every((r) => r.token_id === tokenId)).toBe(true);
    const other = JSON.parse(rows[0]!.other);
    expect(other).toMatchObject({ model_ratio: 0.075, completion_ratio: 4, group_ratio: 1, model_price: -1, frt: -1000 });
    expect(other.admin_info.use_channel).toHaveLength(1);
    expect(rows[0]!.content).toBe('模型倍率 0.07，补全倍率 4.00，分组倍率 1.00');
    const token = await tokenQuota(f.gw, tokenId,       // a slice of the token's quota may still be leased into the gateway's memory: it comes back once idle
      (t) => t.used_quota === state.charged && t.remain_quota + t.used_quota === 500000,
    );
    expect(token.remain_quota + token.used_quota).toBe(500000);
    expect(state.requests).toBe(4);
  });

  it('answers auth failures in the OpenAI envelope', async () => {
    const bad = new OpenAI({ baseURL: `${f.gw.url}/v1`, apiKey: 'sk-doesnotexist', maxRetries: 0 });
    const err = await bad.models.list().catch((e: unknown) => e as InstanceType<typeof OpenAI.APIError>);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(401);
    expect((err as InstanceType<typeof OpenAI.APIError>).message).toMatch(/无效的令牌/);
  });
});
