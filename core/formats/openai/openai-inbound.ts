import { z } from 'zod';
import type { Converted, InboundFormat, InboundRequest, RelayFailure, RequestKind } from '../format-contracts.js';
import { openAiErrorWriter } from './openai-error-body.js';

const nonNegInt = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

// Only the fields the gateway reads are checked; everything else passes to the upstream untouched.
const common = {
  model: z.string().max(512),
  stream: z.boolean().optional(),
  max_tokens: nonNegInt.nullable().optional(),
  max_completion_tokens: nonNegInt.nullable().optional(),
  n: z.number().int().min(1).max(128).nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().nullable().optional() }).passthrough().nullable().optional(),
};

type OpenAiKind = Exclude<RequestKind, 'count_tokens'>;

const schemas: Record<OpenAiKind, z.ZodType<Record<string, unknown>>> = {
  chat: z.object({ ...common, messages: z.array(z.unknown()) }).passthrough(),
  completions: z.object({ ...common, prompt: z.unknown() }).passthrough(),
  embeddings: z.object({ model: z.string().max(512), input: z.unknown() }).passthrough(),
};

const requiredField: Record<OpenAiKind, string> = { chat: 'messages', completions: 'prompt', embeddings: 'input' };

const invalid = (message: string): { ok: false; failure: RelayFailure } => ({
  ok: false,
  failure: { status: 400, message, type: 'invalid_request_error', code: 'invalid_request' },
});

/** OpenAI's chat/completions, completions and embeddings bodies, checked as far as the gateway reads them. */
export const openAiInbound: InboundFormat = {
  errors: openAiErrorWriter,
  parse(body, ctx): Converted<InboundRequest> {
    const kind = ctx.kind === 'count_tokens' ? 'chat' : ctx.kind;
    const field = requiredField[kind];
    if (body[field] === undefined || body[field] === null) return invalid(`field ${field} is required`);
    // /v1/engines/:model/embeddings names the model in its path
    if (ctx.pathModel && body.model === undefined) body.model = ctx.pathModel;
    const result = schemas[kind].safeParse(body);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      return invalid(`Invalid request, 无效的请求, field ${issue.path.join('.') || 'body'}: ${issue.message}`);
    }
    const model = typeof body.model === 'string' ? body.model : '';
    if (!model) return invalid('field model is required');
    if (kind === 'chat' && (body.messages as unknown[]).length === 0) return invalid('field messages is required');
    const opts = body.stream_options as { include_usage?: boolean | null } | null | undefined;
    return {
      ok: true,
      value: {
        kind,
        model,
        stream: body.stream === true && kind !== 'embeddings',
        maxTokens: kind === 'embeddings' ? 0 : Math.max(Number(body.max_tokens ?? 0), Number(body.max_completion_tokens ?? 0)),
        includeUsage: opts?.include_usage === true,
        body,
        toOpenAi: (upstreamModel) => ({ ok: true, value: upstreamModel === model ? body : { ...body, model: upstreamModel } }),
      },
    };
  },
};
