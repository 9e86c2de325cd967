import type { EmbeddingRequest, EmbeddingResponse } from '../../formats/openai/chat-types.js';
import { badShape, failed, jsonObject, ok, upstreamFailure, usageOf, type HubAdapter } from '../hub-adapter.js';

// MokaAI M3E embeddings: POST {base}/embeddings with a Bearer key, OpenAI's body with a list of strings
// (new-api's mokaai adaptor), answering in OpenAI's embedding shape.

/** The input as the list of strings Moka takes (token-id inputs have no text to embed and are dropped, as new-api does). */
export function mokaInput(input: EmbeddingRequest['input']): string[] {
  if (typeof input === 'string') return [input];
  return Array.isArray(input) ? input.filter((v): v is string => typeof v === 'string') : [];
}

export const MOKAAI: HubAdapter = {
  chat: null,
  embeddings: {
    request: (body, call) =>
      ok({ url: `${call.base}/embeddings`, headers: { authorization: `Bearer ${call.key}` }, body: JSON.stringify({ input: mokaInput(body.input), model: call.model }) }),
    answer(body, meta) {
      const json = jsonObject(body);
      if (!json) return failed(badShape('MokaAI'));
      const err = json.error as { message?: unknown; code?: unknown } | undefined;
      if (err && typeof err.message === 'string') return failed(upstreamFailure(err.message, typeof err.code === 'string' ? err.code : null));
      if (!Array.isArray(json.data)) return failed(badShape('MokaAI'));
      const data = json.data.map((d: { embedding?: unknown; index?: unknown }, i) => ({
        object: 'embedding' as const,
        embedding: Array.isArray(d?.embedding) ? (d.embedding as number[]) : [],
        index: typeof d?.index === 'number' ? d.index : i,
      }));
      const u = json.usage as { prompt_tokens?: unknown; total_tokens?: unknown } | undefined;
      const usage = usageOf(u?.prompt_tokens, 0, u?.total_tokens);
      const out: EmbeddingResponse = { object: 'list', data, model: meta.model, usage: { prompt_tokens: usage?.prompt_tokens ?? 0, total_tokens: usage?.total_tokens ?? 0 } };
      return ok(out);
    },
  },
};
