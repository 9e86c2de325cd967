import { parseBuffer } from 'music-metadata';
import OpenAI, { AzureOpenAI, toFile } from 'openai';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MOCK_IMAGE_USAGE, MOCK_MP3, MOCK_PNG_BASE64, mockRerankTokens, mockTranscript } from './mock/media-endpoints.js';
import { silentWav } from './mock/silent-wav.js';
import { startMockUpstream } from './mock-upstream.js';

const mock = await startMockUpstream({ port: 0 });
afterAll(() => mock.close());
afterEach(() => mock.reset());

const client = new OpenAI({ apiKey: 'sk-mock', baseURL: `${mock.url}/v1`, maxRetries: 0 });

describe('mock upstream: images', () => {
  it('answers dall-e with urls, or b64_json when asked, without usage', async () => {
    const urls = await client.images.generate({ model: 'dall-e-3', prompt: 'a cat', n: 1 });
    expect(urls.data?.[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1\//);
    expect(urls.usage).toBeUndefined();
    const b64 = await client.images.generate({ model: 'dall-e-2', prompt: 'a cat', n: 2, response_format: 'b64_json' });
    expect(b64.data?.map((d) => d.b64_json)).toEqual([MOCK_PNG_BASE64, MOCK_PNG_BASE64]);
  });

  it('answers gpt-image-1 with b64_json and usage', async () => {
    const r = await client.images.generate({ model: 'gpt-image-1', prompt: 'a cat', n: 2 });
    expect(r.data?.[0]?.b64_json).toBe(MOCK_PNG_BASE64);
    expect(r.usage).toMatchObject({ input_tokens: MOCK_IMAGE_USAGE.textTokens, output_tokens: 2 * MOCK_IMAGE_USAGE.perOutputImage, input_tokens_details: { image_tokens: 0 } });
  });

  it('edits: reads the multipart images and counts them into the usage', async () => {
    const png = await toFile(Buffer.from(MOCK_PNG_BASE64, 'base64'), 'in.png', { type: 'image/png' });
    const r = await client.images.edit({ model: 'gpt-image-1', prompt: 'add a hat', image: [png, png] });
    expect(r.usage?.input_tokens_details?.image_tokens).toBe(2 * MOCK_IMAGE_USAGE.perInputImage);
    expect(mock.requests()[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('serves the Azure deployment path', async () => {
    const azure = new AzureOpenAI({ apiKey: 'az', endpoint: mock.url, apiVersion: '2025-04-01-preview', deployment: 'dall-e-3', maxRetries: 0 });
    const r = await azure.images.generate({ model: 'dall-e-3', prompt: 'a cat' });
    expect(r.data).toHaveLength(1);
    expect(mock.requests()[0]!.path).toBe('/openai/deployments/dall-e-3/images/generations');
  });
});

describe('mock upstream: audio', () => {
  it('speech answers a valid MP3 as audio/mpeg', async () => {
    const r = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'hello' });
    expect(r.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await r.arrayBuffer());
    expect(bytes.equals(MOCK_MP3)).toBe(true);
    const meta = await parseBuffer(bytes, { mimeType: 'audio/mpeg' });
    expect(meta.format.duration).toBeGreaterThan(0.2);
  });

  it.each(['json', 'verbose_json'] as const)('transcriptions read the uploaded file (%s)', async (format) => {
    const wav = silentWav(2);
    const r = await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(wav, 'two.wav', { type: 'audio/wav' }), response_format: format });
    expect(r.text).toBe(mockTranscript('two.wav', wav.length));
  });

  it.each([
    ['text', /^mock transcript of a\.wav/],
    ['srt', /^1\n00:00:00,000 --> /],
    ['vtt', /^WEBVTT\n/],
  ] as const)('translations answer %s as text', async (format, shape) => {
    const r = await client.audio.translations.create({ model: 'whisper-1', file: await toFile(silentWav(1), 'a.wav'), response_format: format });
    expect(String(r)).toMatch(shape);
  });
});

describe('mock upstream: moderations and rerank', () => {
  it('moderates each input', async () => {
    const r = await client.moderations.create({ model: 'text-moderation-latest', input: ['a', 'b'] });
    expect(r.results).toHaveLength(2);
    expect(r.results[0]!.flagged).toBe(false);
  });

  it.each([
    ['jina-reranker-v2-base-multilingual', (j: Record<string, unknown>) => j.usage, { prompt_tokens: mockRerankTokens(3), total_tokens: mockRerankTokens(3) }],
    ['rerank-english-v3.0', (j: Record<string, unknown>) => (j.meta as Record<string, unknown>).billed_units, { input_tokens: mockRerankTokens(3), output_tokens: 0 }],
  ])('reranks for %s with its usage shape', async (model, usageOf, usage) => {
    const res = await fetch(`${mock.url}/v1/rerank`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-mock' },
      body: JSON.stringify({ model, query: 'q', documents: ['a', 'b', 'c'], top_n: 2 }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    expect((json.results as unknown[]).length).toBe(2);
    expect(usageOf(json)).toEqual(usage);
  });
});
