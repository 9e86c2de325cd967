import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addToken, ledger, startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

// dall-e-3 at its fixed price ($0.04 × 500 000 = 20 000 a call); the other models run in self-use mode.
// The sensitive-word options are new-api's defaults: CheckSensitiveEnabled and CheckSensitiveOnPromptEnabled on,
// the list holding `test_sensitive`.

/** new-api's message with the request id it appends. */
const withRequestId = (message: string) => expect.stringMatching(new RegExp(`^${message} \\(request id: \\w+\\)$`));

interface ErrorBody {
  error: { message: string; type: string; code: unknown };
}

describe('media requests: channel types that cannot serve the kind are never selected', () => {
  let f: RelayFixture;
  let client: OpenAI;
  let key: string;
  let capable: number;
  let rerankCapable: number;

  beforeAll(async () => {
    f = await startRelayFixture();
    for (const [k, value] of [
      ['ModelPrice', JSON.stringify({ 'dall-e-3': 0.04 })],
      ['SelfUseModeEnabled', 'true'],
    ]) {
      const r = await f.root.put('/api/option/', { key: k, value });
      expect(r.body.success).toBe(true);
    }
    // the higher-priority channel is an Anthropic one (no images, no rerank): selection must pass over it
    await addChannel(f, { type: 14, models: 'dall-e-3,claude-painter,jina-reranker-v2-base-multilingual', priority: 10 });
    capable = await addChannel(f, { type: 1, models: 'dall-e-3', priority: 0 });
    // OpenAI's type has no rerank: the Jina channel below it serves it
    await addChannel(f, { type: 1, models: 'jina-reranker-v2-base-multilingual', priority: 5 });
    rerankCapable = await addChannel(f, { type: 38, models: 'jina-reranker-v2-base-multilingual', priority: 0 });
    const t = await addToken(f.root, { unlimited_quota: true });
    key = t.key;
    client = new OpenAI({ baseURL: `${f.gw.url}/v1`, apiKey: key, maxRetries: 0 });
  });
  afterAll(() => f?.stop());

  const post = (path: string, body: BodyInit, contentType?: string) =>
    fetch(`${f.gw.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, ...(contentType ? { 'content-type': contentType } : {}) }, body });

  /** The last consume row: its charge, channel and the channels tried. */
  async function lastRow(before: number) {
    await ledger(f.gw, f.root.userId, (v) => v.logs === before + 1);
    const [row] = await f.gw.sql<Array<{ quota: number; channel_id: number; other: string }>>`
      SELECT quota, channel_id, other FROM logs WHERE user_id = ${f.root.userId} AND type = 2 ORDER BY id DESC LIMIT 1`;
    return { quota: row!.quota, channel: row!.channel_id, tried: (JSON.parse(row!.other) as { admin_info: { use_channel: string[] } }).admin_info.use_channel };
  }

  /** A refused request: nothing reserved (the balance row itself unchanged), charged, logged, or sent upstream. */
  async function free(run: () => Promise<Response>): Promise<{ status: number } & ErrorBody> {
    // settled: the earlier requests' counters are written a statement after their consume logs
    const before = await ledger(f.gw, f.root.userId, (v) => v.used === v.charged);
    await f.mock.reset();
    const res = await run();
    const body = (await res.json()) as ErrorBody;
    await new Promise((r) => setTimeout(r, 300));
    expect(await ledger(f.gw, f.root.userId)).toEqual(before);
    expect(await f.mock.requests()).toEqual([]);
    return { status: res.status, error: body.error };
  }

  it('sends an image request past the higher-priority channel of a type without images, to the capable one', async () => {
    for (let i = 0; i < 3; i++) {
      const { logs } = await ledger(f.gw, f.root.userId);
      await f.mock.reset();
      const answer = await client.images.generate({ model: 'dall-e-3', prompt: 'a cat' });
      expect(answer.data).toHaveLength(1);
      expect(await lastRow(logs)).toEqual({ quota: 20_000, channel: capable, tried: [String(capable)] });
      expect((await f.mock.requests()).map((r) => r.path)).toEqual(['/v1/images/generations']);
    }
  });

  it('sends rerank past two channels of types without rerank', async () => {
    const { logs } = await ledger(f.gw, f.root.userId);
    const r = await post('/v1/rerank', JSON.stringify({ model: 'jina-reranker-v2-base-multilingual', query: 'q', documents: ['a', 'b'] }), 'application/json');
    expect(r.status).toBe(200);
    const row = await lastRow(logs);
    expect({ channel: row.channel, tried: row.tried }).toEqual({ channel: rerankCapable, tried: [String(rerankCapable)] });
  });

  it("answers new-api's no-channel error when only channels of an incapable type serve the model, before reserving anything", async () => {
    const r = await free(() => post('/v1/images/generations', JSON.stringify({ model: 'claude-painter', prompt: 'a cat' }), 'application/json'));
    expect(r).toEqual({ status: 503, error: expect.objectContaining({ message: withRequestId('当前分组 default 下对于模型 claude-painter 无可用渠道'), code: 'model_not_found' }) });
  });

  it('still serves chat on the type that has no images', async () => {
    // the filter is for media kinds only: the chat path selects as before
    const { logs } = await ledger(f.gw, f.root.userId);
    await addChannel(f, { type: 14, models: 'claude-3-haiku-20240307' });
    const r = await fetch(`${f.gw.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'claude-3-haiku-20240307', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(r.status).toBe(200);
    await ledger(f.gw, f.root.userId, (v) => v.logs === logs + 1);
  });

  describe('sensitive words in media prompts are refused before any cost (CheckSensitiveOnPromptEnabled)', () => {
    const png = () => toFile(Buffer.from('iVBORw0KGgo=', 'base64'), 'in.png', { type: 'image/png' });
    const editForm = async (prompt: string) => {
      const fd = new FormData();
      fd.append('model', 'dall-e-3');
      fd.append('prompt', prompt);
      fd.append('image', new Blob([Buffer.from('iVBORw0KGgo=', 'base64')], { type: 'image/png' }), 'in.png');
      return fd;
    };

    it.each<[string, () => Promise<Response>, string]>([
      ['an image prompt', () => post('/v1/images/generations', JSON.stringify({ model: 'dall-e-3', prompt: 'a TEST_SENSITIVE cat' }), 'application/json'), 'invalid_image_request'],
      ['an image edit prompt (multipart)', async () => post('/v1/images/edits', await editForm('add a test_sensitive hat')), 'invalid_image_request'],
      ['speech input', () => post('/v1/audio/speech', JSON.stringify({ model: 'tts-1', voice: 'alloy', input: 'say test_sensitive' }), 'application/json'), 'invalid_audio_request'],
      ['a moderation input', () => post('/v1/moderations', JSON.stringify({ input: ['fine', 'test_sensitive'] }), 'application/json'), 'sensitive_words_detected'],
    ])('%s', async (_name, run, code) => {
      const r = await free(run);
      expect(r).toEqual({ status: 400, error: expect.objectContaining({ message: withRequestId('sensitive words detected'), type: 'new_api_error', code }) });
    });

    it('a clean edit prompt goes through (the refusal is the word, not the kind)', async () => {
      const { logs } = await ledger(f.gw, f.root.userId);
      await f.mock.reset();
      await client.images.edit({ model: 'dall-e-3', prompt: 'add a hat', image: await png() });
      const row = await lastRow(logs);
      expect(row.channel).toBe(capable);
    });

    it('lets the word through once CheckSensitiveOnPromptEnabled is off', async () => {
      const r = await f.root.put('/api/option/', { key: 'CheckSensitiveOnPromptEnabled', value: 'false' });
      expect(r.body.success).toBe(true);
      try {
        const { logs } = await ledger(f.gw, f.root.userId);
        await client.images.generate({ model: 'dall-e-3', prompt: 'a test_sensitive cat' });
        expect((await lastRow(logs)).quota).toBe(20_000);
      } finally {
        await f.root.put('/api/option/', { key: 'CheckSensitiveOnPromptEnabled', value: 'true' });
      }
    });
  });
});
