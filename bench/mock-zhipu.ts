// Zhipu ChatGLM v3 for the gateway's integration tests: /api/paas/v3/model-api/{model}/invoke and /sse-invoke,
// which take only a JWT the mock's key signed (HS256 over `header.claims`, api_key and a future exp in ms).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_CHUNKS, splitContent } from './mock/mock-answer.js';
import { DEFAULT_COMPLETION_TOKENS, DEFAULT_CONTENT, DEFAULT_PROMPT_TOKENS, isRecord } from './mock/mock-directives.js';
import type { Endpoint } from './mock/mock-request.js';

/** The one key the mock knows: a channel key is `ZHIPU_MOCK_ID.ZHIPU_MOCK_SECRET`. */
export const ZHIPU_MOCK_ID = 'zhipu-mock-id';
export const ZHIPU_MOCK_SECRET = 'zhipu-mock-secret';
const PATH = /^\/api\/paas\/v3\/model-api\/([^/]+)\/(invoke|sse-invoke)$/;
const USAGE = { prompt_tokens: DEFAULT_PROMPT_TOKENS, completion_tokens: DEFAULT_COMPLETION_TOKENS, total_tokens: DEFAULT_PROMPT_TOKENS + DEFAULT_COMPLETION_TOKENS };

const refusal = (code: number, msg: string) => ({ code, msg, success: false });

/** Zhipu's refusal of the token, or null when the mock's key signed it and it has not expired. */
function tokenRefusal(token: string): ReturnType<typeof refusal> | null {
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || !signature) return refusal(1002, 'Authentication Token非法');
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return refusal(1002, 'Authentication Token非法');
  }
  const expected = createHmac('sha256', ZHIPU_MOCK_SECRET).update(`${header}.${claims}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (payload.api_key !== ZHIPU_MOCK_ID || given.length !== expected.length || !timingSafeEqual(given, expected)) return refusal(1004, 'Authentication Token验证失败');
  if (typeof payload.exp !== 'number' || payload.exp <= Date.now()) return refusal(1003, 'Authentication Token已过期');
  return null;
}

export const zhipuV3: Endpoint = (exchange, request) => {
  const m = PATH.exec(request.path);
  if (!m) return exchange.json(404, refusal(404, `mock: no such route ${request.path}`));
  const refused = tokenRefusal(request.credential.value);
  if (refused) return exchange.json(401, refused);
  const body = isRecord(request.body) ? request.body : {};
  if (!Array.isArray(body.prompt) || body.prompt.length === 0) return exchange.json(200, refusal(1214, 'prompt 参数非法'));
  const taskId = `mock-task-${request.seq}`;
  if (m[2] === 'invoke') {
    // v3 wraps the answer's content in quotes
    return exchange.json(200, { code: 200, msg: '操作成功', success: true, data: { task_id: taskId, request_id: taskId, task_status: 'SUCCESS', choices: [{ role: 'assistant', content: `"${DEFAULT_CONTENT}"` }], usage: USAGE } });
  }
  const frames = splitContent(DEFAULT_CONTENT, DEFAULT_CHUNKS).map((text) => `event: add\nid: ${taskId}\ndata: ${text}\n\n`);
  frames.push(`event: finish\nid: ${taskId}\ndata: \nmeta: ${JSON.stringify({ task_status: 'SUCCESS', usage: USAGE, task_id: taskId, request_id: taskId })}\n\n`);
  exchange.stream({ frames, ending: 'end' }, 0);
};
