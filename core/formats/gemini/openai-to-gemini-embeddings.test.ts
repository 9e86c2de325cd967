import { describe, expect, it } from 'vitest';
import { geminiToOpenAiEmbeddingResponse, openAiToGeminiEmbeddingRequest } from './openai-to-gemini-embeddings.js';

describe('openAiToGeminiEmbeddingRequest', () => {
  it('sends one input as embedContent with its dimensions', () => {
    expect(openAiToGeminiEmbeddingRequest({ model: 'x', input: 'hello', dimensions: 256 }, 'text-embedding-004')).toEqual({
      ok: true,
      action: 'embedContent',
      body: { model: 'models/text-embedding-004', content: { parts: [{ text: 'hello' }] }, outputDimensionality: 256 },
    });
  });

  it('sends several inputs as one batchEmbedContents call, in order', () => {
    expect(openAiToGeminiEmbeddingRequest({ model: 'x', input: ['a', 'b'] }, 'gemini-embedding-001')).toEqual({
      ok: true,
      action: 'batchEmbedContents',
      body: { requests: [{ model: 'models/gemini-embedding-001', content: { parts: [{ text: 'a' }] } }, { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'b' }] } }] },
    });
  });

  it.each([[[]], [[1, 2, 3]], [[[1], [2]]]])('refuses %j with a 400', (input) => {
    expect(openAiToGeminiEmbeddingRequest({ model: 'x', input }, 'e')).toMatchObject({ ok: false, failure: { status: 400 } });
  });
});

describe('geminiToOpenAiEmbeddingResponse', () => {
  it('lists a batch in order with the estimated usage', () => {
    expect(geminiToOpenAiEmbeddingResponse({ embeddings: [{ values: [0.5, 1] }, { values: [2] }] }, { model: 'e', input: ['a', 'b'] }, 6)).toEqual({
      object: 'list',
      data: [
        { object: 'embedding', embedding: [0.5, 1], index: 0 },
        { object: 'embedding', embedding: [2], index: 1 },
      ],
      model: 'e',
      usage: { prompt_tokens: 6, total_tokens: 6 },
    });
  });

  it('encodes little-endian float32 base64 when the client asked for it (the OpenAI SDK default)', () => {
    const res = geminiToOpenAiEmbeddingResponse({ embedding: { values: [1, -2.5] } }, { model: 'e', input: 'a', encoding_format: 'base64' }, 1);
    const bytes = Buffer.from(res.data[0]!.embedding as string, 'base64');
    expect([bytes.readFloatLE(0), bytes.readFloatLE(4)]).toEqual([1, -2.5]);
  });
});
