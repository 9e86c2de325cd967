// Baidu Qianfan v1 for the gateway's integration tests: the access_token endpoint (client credentials of
// `APIKey|SecretKey`) and the ERNIE chat and embedding endpoints, which refuse any other token.
import { DEFAULT_CHUNKS, splitContent } from './mock/mock-answer.js';
import { DEFAULT_COMPLETION_TOKENS, DEFAULT_CONTENT, DEFAULT_PROMPT_TOKENS, isRecord } from './mock/mock-directives.js';
import type { Endpoint } from './mock/mock-request.js';
import { embeddingVector } from './mock/openai-shapes.js';
import { sseFrame } from './mock/plan-stream.js';

/** The one SecretKey the mock accepts; the token it issues names the APIKey. */
export const BAIDU_MOCK_SECRET = 'baidu-mock-secret';
const tokenFor = (apiKey: string) => `24.mock-${apiKey}`;
const TOTAL = DEFAULT_PROMPT_TOKENS + DEFAULT_COMPLETION_TOKENS;

export const baiduToken: Endpoint = (exchange, request) => {
  const q = request.query;
  const apiKey = q.get('client_id') ?? '';
  if (q.get('grant_type') !== 'client_credentials' || !apiKey || q.get('client_secret') !== BAIDU_MOCK_SECRET) {
    return exchange.json(401, { error: 'invalid_client', error_description: 'unknown client id' });
  }
  exchange.json(200, { access_token: tokenFor(apiKey), expires_in: 2_592_000, scope: 'public' });
};

const tokenRefused = { error_code: 110, error_msg: 'Access token invalid or no longer valid' };
const tokenOk = (token: string | null) => !!token && token.startsWith('24.mock-');

export const baiduChat: Endpoint = (exchange, request) => {
  if (!tokenOk(request.query.get('access_token'))) return exchange.json(200, tokenRefused);
  const body = isRecord(request.body) ? request.body : {};
  if (!Array.isArray(body.messages) || body.messages.length === 0) return exchange.json(200, { error_code: 336003, error_msg: 'the messages field is required' });
  const base = { id: `as-mock-${request.seq}`, object: 'chat.completion', created: 1_700_000_000, is_truncated: false, need_clear_history: false };
  if (body.stream !== true) {
    return exchange.json(200, { ...base, result: DEFAULT_CONTENT, usage: { prompt_tokens: DEFAULT_PROMPT_TOKENS, completion_tokens: DEFAULT_COMPLETION_TOKENS, total_tokens: TOTAL } });
  }
  const parts = splitContent(DEFAULT_CONTENT, DEFAULT_CHUNKS);
  // ERNIE streams the completion inside total_tokens only, completion_tokens 0
  const frames = parts.map((result, i) => sseFrame({ ...base, sentence_id: i, is_end: i === parts.length - 1, result, usage: { prompt_tokens: DEFAULT_PROMPT_TOKENS, completion_tokens: 0, total_tokens: i === parts.length - 1 ? TOTAL : DEFAULT_PROMPT_TOKENS + i + 1 } }));
  exchange.stream({ frames, ending: 'end' }, 0);
};

export const baiduEmbeddings: Endpoint = (exchange, request) => {
  if (!tokenOk(request.query.get('access_token'))) return exchange.json(200, tokenRefused);
  const body = isRecord(request.body) ? request.body : {};
  if (!Array.isArray(body.input)) return exchange.json(200, { error_code: 336003, error_msg: 'input is required' });
  const data = body.input.map((_s, index) => ({ object: 'embedding', index, embedding: embeddingVector(index) }));
  exchange.json(200, { id: `as-mock-${request.seq}`, object: 'embedding_list', created: 1_700_000_000, data, usage: { prompt_tokens: DEFAULT_PROMPT_TOKENS, total_tokens: DEFAULT_PROMPT_TOKENS } });
};
