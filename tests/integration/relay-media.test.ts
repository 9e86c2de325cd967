import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_CUT_VOICE, MOCK_IMAGE_USAGE, MOCK_MP3, MOCK_SLOW_VOICE, mockRerankTokens, mockTranscript } from '../../bench/mock/media-endpoints.js';
import { silentWav } from '../../bench/mock/silent-wav.js';
import { addChannel, addToken, ledger, startRelayFixture, type Ledger, type RelayFixture } from '../support/relay-fixture.js';

// Prices: dall-e-3 $0.04 and dall-e-2 $0.02 per call (ModelPrice); gpt-image-1 ratio 2.5, completion 8, image input 2;
// tts-1 7.5 per character; whisper-1 15 per token (1 minute = 1000 tokens); text-moderation-latest 0.1;
// models without a ratio at 37.5 (self-use mode). 500 000 quota per USD, group ratio 1.
const UNSET = 37.5;

interface LogRow {
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  model_name: string;
  content: string;
  other: string;
}

describe('media requests through the OpenAI SDK, billed as new-api bills them', () => {
  let f: RelayFixture;
  let client: OpenAI;
  let key: string;

  beforeAll(async () => {
    f = await startRelayFixture({ MAX_REQUEST_BODY_MB: '1' });
    for (const [k, value] of [
      ['ModelPrice', JSON.stringify({ 'dall-e-3': 0.04, 'dall-e-2': 0.02 })],
      ['SelfUseModeEnabled', 'true'],
    ]) {
      const r = await f.root.put('/api/option/', { key: k, value });
      expect(r.body.success).toBe(true);
    }
    await addChannel(f, {
      models: 'dall-e-3,dall-e-2,gpt-image-1,tts-1,whisper-1,text-moderation-latest',
      model_mapping: JSON.stringify({ 'whisper-1': 'whisper-large-v3' }),
    });
    await addChannel(f, { type: 38, models: 'jina-reranker-v2-base-multilingual,rerank-english-v3.0' });
    await addChannel(f, { type: 3, key: 'az-key', models: 'azure-tts' });
    await addChannel(f, { type: 14, models: 'claude-painter' });
    const t = await addToken(f.root, { unlimited_quota: true });
    key = t.key;
    client = new OpenAI({ baseURL: `${f.gw.url}/v1`, apiKey: key, maxRetries: 0 });
  });
  afterAll(() => f?.stop());

  /** Runs one paid request; returns its log row once the charge has landed, with the balance conserved. */
  async function billed(run: () => Promise<unknown>): Promise<LogRow> {
    const before = await ledger(f.gw, f.root.userId);
    await run();
    const after = await ledger(f.gw, f.root.userId, (v) => v.logs === before.logs + 1 && v.quota + v.charged === before.quota + before.charged);
    expect(after.logs).toBe(before.logs + 1);
    // the quota that left the balance is exactly what the log row says was charged
    expect(after.quota + after.charged).toBe(before.quota + before.charged);
    const [row] = await f.gw.sql<LogRow[]>`
      SELECT quota, prompt_tokens, completion_tokens, model_name, content, other FROM logs WHERE user_id = ${f.root.userId} AND type = 2 ORDER BY id DESC LIMIT 1`;
    expect(after.charged - before.charged).toBe(row!.quota);
    return row!;
  }

  /** Runs a refused request: nothing is reserved, nothing reaches the upstream, nothing is charged or logged. */
  async function free(run: () => Promise<Response>): Promise<{ status: number; error: { message: string; type: string; code: unknown } }> {
    const before = await ledger(f.gw, f.root.userId);
    await f.mock.reset();
    const res = await run();
    const body = (await res.json()) as { error: { message: string; type: string; code: unknown } };
    // a late charge or log would show within the settle window
    await new Promise((r) => setTimeout(r, 300));
    const after: Ledger = await ledger(f.gw, f.root.userId);
    expect(after).toEqual(before);
    expect(await f.mock.requests()).toEqual([]);
    return { status: res.status, error: body.error };
  }

  const post = (path: string, body: BodyInit, contentType?: string) =>
    fetch(`${f.gw.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, ...(contentType ? { 'content-type': contentType } : {}) }, body });

  describe('images', () => {
    it.each([
      // ModelPrice × size × quality × n × 500 000
      [{ model: 'dall-e-3', prompt: 'a cat' }, 20_000, '模型价格 0.04，分组倍率 1.00, 大小 1024x1024, 品质 standard', 0.04],
      [{ model: 'dall-e-3', prompt: 'a cat', quality: 'hd', size: '1792x1024' }, 60_000, '模型价格 0.12，分组倍率 1.00, 大小 1792x1024, 品质 hd', 0.12],
      [{ model: 'dall-e-2', prompt: 'a cat', size: '256x256', n: 3, response_format: 'b64_json' }, 12_000, '模型价格 0.02，分组倍率 1.00, 大小 256x256, 品质 standard', 0.024],
    ] as const)('generates %j for exactly its fixed price', async (params, quota, content, modelPrice) => {
      let answer: OpenAI.ImagesResponse | undefined;
      const row = await billed(async () => (answer = await client.images.generate(params)));
      expect(answer!.data).toHaveLength('n' in params ? params.n : 1);
      expect(row).toMatchObject({ quota, model_name: params.model, content });
      expect(JSON.parse(row.other)).toMatchObject({ model_price: expect.closeTo(modelPrice, 12), frt: -1000, group_ratio: 1 });
    });

    it('bills gpt-image-1 from the usage the upstream returns', async () => {
      const row = await billed(() => client.images.generate({ model: 'gpt-image-1', prompt: 'a cat', n: 2 }));
      const output = 2 * MOCK_IMAGE_USAGE.perOutputImage;
      // (prompt + completion × 8) × 2.5
      expect(row).toMatchObject({ quota: (MOCK_IMAGE_USAGE.textTokens + output * 8) * 2.5, prompt_tokens: MOCK_IMAGE_USAGE.textTokens, completion_tokens: output });
      expect(row.content).toBe('模型倍率 2.50，补全倍率 8.00，分组倍率 1.00, 大小 1024x1024, 品质 standard');
    });

    it('edits with uploaded images: multipart forwarded, image input tokens at the image ratio', async () => {
      await f.mock.reset();
      const png = await toFile(Buffer.from('iVBORw0KGgo=', 'base64'), 'in.png', { type: 'image/png' });
      let answer: OpenAI.ImagesResponse | undefined;
      const row = await billed(async () => (answer = await client.images.edit({ model: 'gpt-image-1', prompt: 'add a hat', image: [png, png] })));
      expect(answer!.data?.[0]?.b64_json).toBeTruthy();
      const imageTokens = 2 * MOCK_IMAGE_USAGE.perInputImage;
      const output = MOCK_IMAGE_USAGE.perOutputImage;
      // (text + image × 2 + completion × 8) × 2.5
      expect(row.quota).toBe((MOCK_IMAGE_USAGE.textTokens + imageTokens * 2 + output * 8) * 2.5);
      expect(JSON.parse(row.other)).toMatchObject({ image: true, image_ratio: 2, image_output: output });
      const [sent] = await f.mock.requests();
      expect(sent!.path).toBe('/v1/images/edits');
      expect(sent!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    });

    it('answers variations with new-api 501', async () => {
      const r = await free(() => post('/v1/images/variations', '{}', 'application/json'));
      expect(r).toEqual({ status: 501, error: { message: 'API not implemented', type: 'new_api_error', param: '', code: 'api_not_implemented' } });
    });
  });

  describe('audio', () => {
    it('speech: the MP3 comes back unchanged, billed per input character', async () => {
      let bytes: Buffer | undefined;
      let type: string | null = null;
      const row = await billed(async () => {
        const r = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'hello wörld' });
        type = r.headers.get('content-type');
        bytes = Buffer.from(await r.arrayBuffer());
      });
      expect(type).toBe('audio/mpeg');
      expect(bytes!.equals(MOCK_MP3)).toBe(true);
      // 11 characters × 7.5 = 82.5, rounded half away from zero
      expect(row).toMatchObject({ quota: 83, prompt_tokens: 11, completion_tokens: 0 });
    });

    it('speech: the audio is passed through as it arrives, not after the upstream has finished', async () => {
      const row = await billed(async () => {
        const started = Date.now();
        const r = await post('/v1/audio/speech', JSON.stringify({ model: 'tts-1', voice: MOCK_SLOW_VOICE, input: 'hello wörld' }), 'application/json');
        expect(r.headers.get('content-type')).toBe('audio/mpeg');
        const reader = r.body!.getReader();
        const first = await reader.read();
        const firstAt = Date.now() - started;
        const parts = [Buffer.from(first.value!)];
        for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(Buffer.from(next.value));
        const total = Date.now() - started;
        // the mock spends 900 ms between its first and last part: the first reached the client long before the end
        expect(total - firstAt).toBeGreaterThanOrEqual(500);
        expect(Buffer.concat(parts).equals(MOCK_MP3)).toBe(true);
      });
      expect(row).toMatchObject({ quota: 83, prompt_tokens: 11 });
    });

    it('transcriptions: the file goes upstream as multipart with the mapped model; billed per second of audio', async () => {
      await f.mock.reset();
      const wav = silentWav(7);
      let text = '';
      const row = await billed(async () => {
        text = (await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(wav, 'seven.wav', { type: 'audio/wav' }) })).text;
      });
      expect(text).toBe(mockTranscript('seven.wav', wav.length));
      // round(7 / 60 × 1000) = 117 tokens × 15
      expect(row).toMatchObject({ quota: 117 * 15, prompt_tokens: 117, model_name: 'whisper-1' });
      expect(JSON.parse(row.other)).toMatchObject({ is_model_mapped: true, upstream_model_name: 'whisper-large-v3' });
      const [sent] = await f.mock.requests();
      expect(sent!.path).toBe('/v1/audio/transcriptions');
      expect(String(sent!.body)).toContain('name="model"\r\n\r\nwhisper-large-v3\r\n');
    });

    it.each([
      ['text', /^mock transcript of long\.wav/],
      ['srt', /^1\n00:00:00,000 --> /],
      ['vtt', /^WEBVTT\n/],
      ['verbose_json', /"task":"translate"/],
    ] as const)('translations pass %s back; 61.2 s bill as 62 seconds', async (format, shape) => {
      let answer = '';
      const row = await billed(async () => {
        const r = await client.audio.translations.create({ model: 'whisper-1', file: await toFile(silentWav(61.2), 'long.wav'), response_format: format });
        answer = typeof r === 'string' ? r : JSON.stringify(r);
      });
      expect(answer).toMatch(shape);
      // round(62 / 60 × 1000) = 1033
      expect(row).toMatchObject({ quota: 1033 * 15, prompt_tokens: 1033 });
    });

    it("goes to an Azure channel's deployment path", async () => {
      await f.mock.reset();
      const row = await billed(() => client.audio.speech.create({ model: 'azure-tts', voice: 'alloy', input: 'hi' }));
      const [sent] = await f.mock.requests();
      expect(sent).toMatchObject({ path: '/openai/deployments/azure-tts/audio/speech' });
      expect(sent!.query).toMatch(/^api-version=/);
      expect(sent!.headers['api-key']).toBe('az-key');
      // not a tts* model: billed on tokens ("hi" is one), 37.5 rounded half away from zero
      expect(row).toMatchObject({ quota: 38, prompt_tokens: 1 });
    });
  });

  describe('moderations and rerank', () => {
    it('moderations: billed on the counted input', async () => {
      const input = 'The quick brown fox jumps over the lazy dog. '.repeat(20);
      let flagged: boolean | undefined;
      const row = await billed(async () => (flagged = (await client.moderations.create({ input })).results[0]?.flagged));
      expect(flagged).toBe(false);
      expect(row.model_name).toBe('text-moderation-latest');
      expect(row.prompt_tokens).toBeGreaterThan(150);
      expect(row.quota).toBe(Math.round(row.prompt_tokens * 0.1));
    });

    it.each([
      ['jina-reranker-v2-base-multilingual', 'usage'],
      ['rerank-english-v3.0', 'meta.billed_units'],
    ])('rerank %s: billed from the upstream %s', async (model, _shape) => {
      let results: unknown[] = [];
      const row = await billed(async () => {
        const r = await post('/v1/rerank', JSON.stringify({ model, query: 'q', documents: ['a', 'b', 'c'], top_n: 2 }), 'application/json');
        expect(r.status).toBe(200);
        results = ((await r.json()) as { results: unknown[] }).results;
      });
      expect(results).toHaveLength(2);
      // 25 tokens × 37.5 = 937.5 → 938
      expect(row).toMatchObject({ quota: Math.round(mockRerankTokens(3) * UNSET), prompt_tokens: mockRerankTokens(3) });
    });
  });

  describe('bad input costs nothing', () => {
    const form = (parts: Record<string, string | Blob>) => {
      const fd = new FormData();
      for (const [name, value] of Object.entries(parts)) {
        if (typeof value === 'string') fd.append(name, value);
        else fd.append(name, value, 'a.wav');
      }
      return fd;
    };

    it.each<[string, () => Promise<Response>, number, string]>([
      ['a transcription without a file', () => post('/v1/audio/transcriptions', form({ model: 'whisper-1' })), 400, 'file is required'],
      ['a malformed multipart body', () => post('/v1/audio/transcriptions', 'garbage', 'multipart/form-data; boundary=xyz'), 400, 'malformed multipart body'],
      ['a file that is not audio', () => post('/v1/audio/translations', form({ file: new Blob(['not audio at all']) })), 400, 'could not read the duration'],
      ['an image edit without an image', () => post('/v1/images/edits', form({ prompt: 'x' })), 400, 'image is required'],
      ['an oversized upload', () => post('/v1/audio/transcriptions', form({ file: new Blob([silentWav(70, 8000)]) })), 413, 'request body too large'],
      ['an empty rerank query', () => post('/v1/rerank', JSON.stringify({ model: 'jina-reranker-v2-base-multilingual', query: '', documents: ['a'] }), 'application/json'), 400, 'query is empty'],
      ['rerank without documents', () => post('/v1/rerank', JSON.stringify({ model: 'jina-reranker-v2-base-multilingual', query: 'q', documents: [] }), 'application/json'), 400, 'documents is empty'],
      ['an image without a prompt', () => post('/v1/images/generations', JSON.stringify({ model: 'dall-e-3' }), 'application/json'), 400, 'prompt is required'],
      ['a moderation without input', () => post('/v1/moderations', JSON.stringify({}), 'application/json'), 400, 'field input is required'],
      ['speech without input', () => post('/v1/audio/speech', JSON.stringify({ model: 'tts-1' }), 'application/json'), 400, 'input is required'],
    ])('%s', async (_name, run, status, message) => {
      const r = await free(run);
      expect(r.status).toBe(status);
      expect(r.error.message).toContain(message);
    });

    it('a model only a channel type without images serves has no channel for an image, before any reservation', async () => {
      const r = await free(() => post('/v1/images/generations', JSON.stringify({ model: 'claude-painter', prompt: 'x' }), 'application/json'));
      expect(r.status).toBe(503);
      expect(r.error.code).toBe('model_not_found');
      expect(r.error.message).toMatch(/^当前分组 default 下对于模型 claude-painter 无可用渠道 \(request id: /);
    });

    // last: its refunded reservation stays in the user's leased slice, which moves the balance row later tests compare
    it('speech: an upstream that breaks off mid-audio cuts the answer short and costs nothing', async () => {
      const before = await ledger(f.gw, f.root.userId);
      const r = await post('/v1/audio/speech', JSON.stringify({ model: 'tts-1', voice: MOCK_CUT_VOICE, input: 'hello' }), 'application/json');
      expect(r.status).toBe(200);
      const got = await r.arrayBuffer().then((b) => Buffer.from(b), () => null);
      // whatever arrived is the start of the audio and not all of it
      if (got) expect(got.length).toBeLessThan(MOCK_MP3.length);
      await new Promise((res) => setTimeout(res, 500));
      const after = await ledger(f.gw, f.root.userId);
      expect({ charged: after.charged, logs: after.logs, used: after.used }).toEqual({ charged: before.charged, logs: before.logs, used: before.used });
    });
  });
});
