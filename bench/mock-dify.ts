// Dify's chat app API (POST /v1/chat-messages) for the gateway's integration tests: blocking and
// streaming answers; a query containing `mock-error` fails in the middle of the stream (or with a 400).
import { DEFAULT_CHUNKS, splitContent } from './mock/mock-answer.js';
import { DEFAULT_COMPLETION_TOKENS, DEFAULT_CONTENT, DEFAULT_PROMPT_TOKENS, isRecord } from './mock/mock-directives.js';
import type { Endpoint } from './mock/mock-request.js';
import { sseFrame } from './mock/plan-stream.js';

const USAGE = { prompt_tokens: DEFAULT_PROMPT_TOKENS, completion_tokens: DEFAULT_COMPLETION_TOKENS, total_tokens: DEFAULT_PROMPT_TOKENS + DEFAULT_COMPLETION_TOKENS, currency: 'USD' };

export const difyChatMessages: Endpoint = (exchange, request) => {
  if (!/^Bearer app-\S+$/.test(request.credential.value)) return exchange.json(401, { code: 'unauthorized', message: 'Access token is invalid', status: 401 });
  const body = isRecord(request.body) ? request.body : {};
  if (typeof body.query !== 'string' || !body.query || typeof body.user !== 'string' || !body.user) {
    return exchange.json(400, { code: 'invalid_param', message: 'query and user are required', status: 400 });
  }
  const failing = body.query.includes('mock-error');
  const ids = { conversation_id: 'mock-conversation', message_id: `mock-message-${request.seq}`, created_at: 1_700_000_000 };
  if (body.response_mode !== 'streaming') {
    if (failing) return exchange.json(400, { code: 'completion_request_error', message: 'mock: the model refused', status: 400 });
    return exchange.json(200, { event: 'message', mode: 'chat', ...ids, answer: DEFAULT_CONTENT, metadata: { usage: USAGE } });
  }
  const frames = [sseFrame({ event: 'workflow_started', ...ids, data: { workflow_id: 'mock-workflow' } })];
  for (const answer of splitContent(DEFAULT_CONTENT, DEFAULT_CHUNKS)) frames.push(sseFrame({ event: 'message', ...ids, answer }));
  frames.push(failing ? sseFrame({ event: 'error', ...ids, status: 400, code: 'completion_request_error', message: 'mock: the model failed mid-stream' }) : sseFrame({ event: 'message_end', ...ids, metadata: { usage: USAGE } }));
  exchange.stream({ frames, ending: 'end' }, 0);
};
