import { z } from 'zod';
import type { Converted, InboundFormat, InboundRequest } from '../format-contracts.js';
import { openAiErrorWriter } from '../openai/openai-error-body.js';
import { responsesToChatRequest } from './responses-to-chat-request.js';
import type { ResponsesRequest } from './responses-types.js';

// The fields the gateway reads; the rest passes through (to a Responses channel) or is converted.
const schema = z.looseObject({
  model: z.string().min(1).max(512),
  input: z.union([z.string(), z.array(z.looseObject({}))]),
  stream: z.boolean().nullish(),
  max_output_tokens: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
});

/** OpenAI's Responses API (`POST /v1/responses`); its errors use the OpenAI envelope. */
export const responsesInbound: InboundFormat = {
  errors: openAiErrorWriter,
  parse(body): Converted<InboundRequest> {
    const r = schema.safeParse(body);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      const field = issue.path.join('.') || 'body';
      const message = body[field] === undefined && issue.path.length === 1 ? `Missing required parameter: '${field}'.` : `Invalid value for '${field}': ${issue.message}`;
      return { ok: false, failure: { status: 400, message, type: 'invalid_request_error', code: 'invalid_request', param: field } };
    }
    const req = r.data as unknown as ResponsesRequest;
    return {
      ok: true,
      value: {
        kind: 'chat',
        model: req.model,
        stream: req.stream === true,
        maxTokens: req.max_output_tokens ?? 0,
        includeUsage: false,
        body,
        toOpenAi: (model) => {
          const c = responsesToChatRequest({ ...req, model });
          return c.ok ? { ok: true, value: c.request as Record<string, unknown> } : c;
        },
      },
    };
  },
};
