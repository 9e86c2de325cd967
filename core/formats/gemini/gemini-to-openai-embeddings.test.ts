import { describe, expect, it } from 'vitest';
import { geminiToOpenAiEmbeddingRequest, openAiToGeminiEmbeddingResponse } from './gemini-to-openai-embeddings.js';

describe('geminiToOpenAiEmbeddingRequest', () => {
  it('turns each request text into one input, in order, with its dimensions', () => {
    const batch = { requests: [{ content: { parts: [{ text: 'a' }, { text: 'b' }] }, outputDimensionality: 8 }, { content: { parts: [{ text: 'c' }] } }] };
    expect(geminiToOpenAiEmbeddingRequest(batch, 'text-embedding-3-small')).toEqual({ model: 'text-embedding-3-small', input: ['ab', 'c'], dimensions: 8 });
    expect(geminiToOpenAiEmbeddingRequest({ content: { parts: [{ text: 'x' }] }, taskType: 'RETRIEVAL_QUERY' }, 'm')).toEqual({ model: 'm', input: ['x'] });
  });
});

describe('openAiToGeminiEmbeddingResponse', () => {
  const res = {
    object: 'list' as const,
    model: 'm',
    usage: { prompt_tokens: 2, total_tokens: 2 },
    data: [
      { object: 'embedding' as const, embedding: [3, 4], index: 1 },
      { object: 'embedding' as const, embedding: Buffer.from(new Float32Array([0.5, -1]).buffer).toString('base64'), index: 0 },
    ],
  };

  it('answers a batch with embeddings in index order, decoding base64 vectors', () => {
    expect(openAiToGeminiEmbeddingResponse(res, true)).toEqual({ embeddings: [{ values: [0.5, -1] }, { values: [3, 4] }] });
  });

  it('answers embedContent with the one embedding', () => {
    expect(openAiToGeminiEmbeddingResponse(res, false)).toEqual({ embedding: { values: [0.5, -1] } });
  });
});
