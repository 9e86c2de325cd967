import type { InboundFormat } from '../format-contracts.js';
import { claudeErrorBody } from './claude-error-body.js';
import { claudeToOpenAiRequest } from './claude-to-openai-request.js';
import { parseClaudeRequest } from './parse-claude-request.js';
import { claudeRequestSchema } from './claude-request-schema.js';

/** count_tokens bodies carry no max_tokens; everything else is a Messages request. */
const countTokensSchema = claudeRequestSchema.partial({ max_tokens: true });

/** Anthropic's Messages API (`/v1/messages` and `/v1/messages/count_tokens`). */
export const claudeInbound: InboundFormat = {
  errors: claudeErrorBody,
  parse(body, ctx) {
    const parsed = ctx.kind === 'count_tokens' ? parseCountTokens(body) : parseClaudeRequest(body);
    if (!parsed.ok) return parsed;
    const req = parsed.request;
    return {
      ok: true,
      value: {
        kind: ctx.kind === 'count_tokens' ? 'count_tokens' : 'chat',
        model: req.model,
        stream: req.stream === true && ctx.kind !== 'count_tokens',
        maxTokens: req.max_tokens ?? 0,
        includeUsage: false,
        body,
        toOpenAi: (upstreamModel, opts) => {
          const chat = claudeToOpenAiRequest(req, { upstreamModel, openRouter: opts.openRouter });
          return { ok: true, value: chat as Record<string, unknown> };
        },
      },
    };
  },
};

function parseCountTokens(body: Record<string, unknown>) {
  const r = countTokensSchema.safeParse(body);
  // the same wording as a Messages request, from the same parser, for whatever is wrong besides max_tokens
  if (!r.success) return parseClaudeRequest({ max_tokens: 1, ...body });
  return { ok: true as const, request: { ...r.data, max_tokens: r.data.max_tokens ?? 0 } };
}
