import type { Converted, InboundFormat, InboundRequest } from '../format-contracts.js';
import { geminiErrorWriter } from './gemini-error-body.js';
import { geminiToOpenAiEmbeddingRequest } from './gemini-to-openai-embeddings.js';
import { geminiToOpenAiRequest } from './gemini-to-openai-request.js';
import type { GeminiGenerateRequest } from './gemini-request-schema.js';
import { invalidArgument, parseGeminiRequest } from './parse-gemini-request.js';

/**
 * Google's generateContent family under `/v1beta/models/{model}:{action}`: the model and the stream mode
 * come from the path, never the body.
 */
export const geminiInbound: InboundFormat = {
  errors: geminiErrorWriter,
  parse(body, ctx): Converted<InboundRequest> {
    const model = ctx.pathModel ?? '';
    if (!model) return { ok: false, failure: invalidArgument('model is required in the path') };
    const base = { model, body, includeUsage: false };
    if (ctx.kind === 'embeddings') {
      const parsed = ctx.batch ? parseGeminiRequest('batchEmbedContents', body) : parseGeminiRequest('embedContent', body);
      if (!parsed.ok) return parsed;
      const req = parsed.request;
      return { ok: true, value: { ...base, kind: 'embeddings', stream: false, maxTokens: 0, toOpenAi: (m) => ({ ok: true, value: geminiToOpenAiEmbeddingRequest(req, m) }) } };
    }
    if (ctx.kind === 'count_tokens') {
      const parsed = parseGeminiRequest('countTokens', body);
      if (!parsed.ok) return parsed;
      const inner: GeminiGenerateRequest = parsed.request.generateContentRequest ?? { contents: parsed.request.contents ?? [] };
      return { ok: true, value: { ...base, kind: 'count_tokens', stream: false, maxTokens: 0, toOpenAi: (m) => chat(inner, m, false) } };
    }
    const parsed = parseGeminiRequest('generateContent', body);
    if (!parsed.ok) return parsed;
    const req = parsed.request;
    const maxTokens = req.generationConfig?.maxOutputTokens ?? 0;
    return { ok: true, value: { ...base, kind: 'chat', stream: ctx.pathStream, maxTokens, toOpenAi: (m) => chat(req, m, ctx.pathStream) } };
  },
};

function chat(req: GeminiGenerateRequest, model: string, stream: boolean): Converted<Record<string, unknown>> {
  const r = geminiToOpenAiRequest(req, model, stream);
  return r.ok ? { ok: true, value: r.request as Record<string, unknown> } : r;
}
