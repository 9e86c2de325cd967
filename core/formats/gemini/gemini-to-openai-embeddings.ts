import type { EmbeddingRequest, EmbeddingResponse } from '../openai/chat-types.js';
import type { GeminiBatchEmbedRequest, GeminiEmbedContentRequest } from './gemini-request-schema.js';
import type { GeminiEmbeddingResponse } from './gemini-response-schema.js';

const textOf = (req: GeminiEmbedContentRequest) => req.content.parts.map((p) => p.text ?? '').join('');

/**
 * A Gemini client's embedContent or batchEmbedContents request for a channel that speaks OpenAI: each request's
 * text parts become one input, in order. Task type and title have no OpenAI equivalent and are dropped.
 */
export function geminiToOpenAiEmbeddingRequest(req: GeminiEmbedContentRequest | GeminiBatchEmbedRequest, model: string): EmbeddingRequest {
  const batch = (req as GeminiBatchEmbedRequest).requests;
  const requests = Array.isArray(batch) ? batch : [req as GeminiEmbedContentRequest];
  const dimensions = requests.find((r) => typeof r.outputDimensionality === 'number')?.outputDimensionality;
  return { model, input: requests.map(textOf), ...(dimensions ? { dimensions } : {}) };
}

/** An OpenAI embeddings list as Gemini's answer: `embedding` for embedContent, `embeddings` for a batch. */
export function openAiToGeminiEmbeddingResponse(res: EmbeddingResponse, batch: boolean): GeminiEmbeddingResponse {
  const values = [...res.data].sort((a, b) => a.index - b.index).map((d) => vector(d.embedding));
  return batch ? { embeddings: values.map((v) => ({ values: v })) } : { embedding: { values: values[0] ?? [] } };
}

/** An embedding the upstream sent as base64 (little-endian float32) or as numbers. */
function vector(embedding: number[] | string): number[] {
  if (typeof embedding !== 'string') return embedding;
  const bytes = Buffer.from(embedding, 'base64');
  // copied into a fresh buffer: a pooled Buffer's offset need not be float-aligned
  return Array.from(new Float32Array(new Uint8Array(bytes.subarray(0, bytes.length - (bytes.length % 4))).buffer));
}
