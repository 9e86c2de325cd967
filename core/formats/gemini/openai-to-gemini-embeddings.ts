import type { RelayFailure } from '../format-contracts.js';
import type { EmbeddingRequest, EmbeddingResponse } from '../openai/chat-types.js';
import type { GeminiBatchEmbedRequest, GeminiEmbedContentRequest } from './gemini-request-schema.js';
import type { GeminiEmbeddingResponse } from './gemini-response-schema.js';
import { invalidRequest } from './openai-content-to-gemini-parts.js';

export type GeminiEmbeddingCall =
  | { ok: true; action: 'embedContent'; body: GeminiEmbedContentRequest }
  | { ok: true; action: 'batchEmbedContents'; body: GeminiBatchEmbedRequest }
  | { ok: false; failure: RelayFailure };

/**
 * An OpenAI embeddings request for a Gemini channel: one input is an `embedContent` call, several are one
 * `batchEmbedContents` call (new-api sends only the first input; every input is embedded here). Token-id
 * inputs cannot be expressed in Gemini and are refused.
 */
export function openAiToGeminiEmbeddingRequest(req: EmbeddingRequest, model: string): GeminiEmbeddingCall {
  const inputs = typeof req.input === 'string' ? [req.input] : req.input;
  if (!inputs.length) return { ok: false, failure: invalidRequest('input is empty') };
  if (!inputs.every((i): i is string => typeof i === 'string')) return { ok: false, failure: invalidRequest('token id input is not supported by Gemini embeddings: send text') };
  const one = (text: string): GeminiEmbedContentRequest => ({
    model: `models/${model}`,
    content: { parts: [{ text }] },
    ...(typeof req.dimensions === 'number' ? { outputDimensionality: req.dimensions } : {}),
  });
  if (inputs.length === 1) return { ok: true, action: 'embedContent', body: one(inputs[0]!) };
  return { ok: true, action: 'batchEmbedContents', body: { requests: inputs.map(one) } };
}

/**
 * Gemini's embeddings as the OpenAI list. Gemini reports no usage for embeddings, so the caller's estimate of
 * the input is billed (as new-api does). `base64` is honoured: the OpenAI SDKs ask for it by default and
 * decode little-endian float32.
 */
export function geminiToOpenAiEmbeddingResponse(res: GeminiEmbeddingResponse, req: EmbeddingRequest, promptTokens: number): EmbeddingResponse {
  const vectors = res.embeddings?.map((e) => e.values) ?? (res.embedding ? [res.embedding.values] : []);
  const base64 = req.encoding_format === 'base64';
  return {
    object: 'list',
    data: vectors.map((values, index) => ({
      object: 'embedding',
      embedding: base64 ? Buffer.from(new Float32Array(values).buffer).toString('base64') : values,
      index,
    })),
    model: req.model,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  };
}
