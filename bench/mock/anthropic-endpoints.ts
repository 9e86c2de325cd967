// What the Anthropic Messages routes of the mock answer, after the shared scripting.
import { claudeError, claudeEvent, claudeMessage, claudeModelList, claudeStreamFrames } from './anthropic-shapes.js';
import { answerOf } from './mock-answer.js';
import { DEFAULT_PROMPT_TOKENS, isRecord } from './mock-directives.js';
import type { MockExchange } from './mock-exchange.js';
import { type Endpoint, type FailureShape, type MockRequest, scripted } from './mock-request.js';
import { planFrames, planTrickle } from './plan-stream.js';

const DEFAULT_MODEL = 'claude-sonnet-4-20250514';

const claudeFailures: FailureShape = {
  status: ({ directives: d, credential }, status) => claudeError(d, status, `mock error ${status}`, credential),
  errorIn200: ({ directives: d, credential }) => claudeError(d, 500, 'mock error in 200 body', credential),
};

/** Anthropic refuses a request without its key (x-api-key or Bearer) or its API version; the mock insists on both. */
function authenticated(produce: Endpoint): Endpoint {
  const answer = scripted(claudeFailures, produce);
  return (exchange: MockExchange, request: MockRequest) => {
    if (request.credential.value === '' || request.anthropicVersion === '') {
      const missing = request.credential.value === '' ? 'x-api-key or Authorization header is required' : 'anthropic-version header is required';
      return exchange.json(401, { type: 'error', error: { type: 'authentication_error', message: missing } });
    }
    answer(exchange, request);
  };
}

export const claudeMessages = authenticated((exchange, { body: raw, directives: d, seq, credential }) => {
  const body = isRecord(raw) ? raw : {};
  const meta = { id: `msg_mock_${seq}`, model: typeof body.model === 'string' ? body.model : DEFAULT_MODEL };
  const answer = answerOf(d, 'toolu', seq);
  if (body.stream === true) {
    const midStreamError = () => claudeEvent('error', { error: claudeError(d, 529, 'mock error mid-stream', credential).error as Record<string, unknown> });
    return exchange.stream(planFrames(claudeStreamFrames(meta, d, answer), d, midStreamError), d.chunk_delay_ms ?? 0);
  }
  const message = claudeMessage(meta, d, answer);
  if (d.stall_after_chunks !== undefined) return exchange.stream(planTrickle(message, d), d.chunk_delay_ms ?? 0, 'application/json');
  exchange.json(200, message);
});

export const claudeCountTokens = authenticated((exchange, { directives: d }) => exchange.json(200, { input_tokens: d.prompt_tokens ?? DEFAULT_PROMPT_TOKENS }));

export const claudeModels = authenticated((exchange) => exchange.json(200, claudeModelList()));
