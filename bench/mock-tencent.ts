// Tencent Hunyuan's ChatCompletions (API 3.0, POST / with TC3-HMAC-SHA256) for the gateway's integration
// tests: the signature is recomputed from the headers and body that arrived, so a wrong signer, a header
// changed after signing or a body that is not the one signed is refused as Tencent refuses it.
import type { HttpRequest, HttpResponse } from 'uWebSockets.js';
import { tc3Sign } from '../core/providers/tencent/tc3-sign.js';
import { DEFAULT_CHUNKS, splitContent } from './mock/mock-answer.js';
import { DEFAULT_COMPLETION_TOKENS, DEFAULT_CONTENT, DEFAULT_PROMPT_TOKENS } from './mock/mock-directives.js';
import { MockExchange } from './mock/mock-exchange.js';
import { sseFrame } from './mock/plan-stream.js';
import { guarded } from './uws/guarded.js';
import { readBody } from './uws/read-body.js';

/** The SecretIds the mock knows, with their SecretKeys: a channel key is `AppId|SecretId|SecretKey`. */
export const TENCENT_MOCK_SECRETS: Readonly<Record<string, string>> = { AKIDmockSecretId: 'mock-secret-key' };

const CREDENTIAL = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/hunyuan\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/;

const refusal = (code: string, message: string) => ({ Response: { Error: { Code: code, Message: message }, RequestId: 'mock-req' } });

/** The request's failure, as Tencent words it, or null when it is signed right. */
function authFailure(headers: Record<string, string>, payload: string): Record<string, unknown> | null {
  const m = CREDENTIAL.exec(headers.authorization ?? '');
  if (!m) return refusal('AuthFailure.InvalidAuthorization', 'Authorization header is malformed');
  const secretKey = TENCENT_MOCK_SECRETS[m[1]!];
  if (!secretKey) return refusal('AuthFailure.SecretIdNotFound', 'The SecretId is not found');
  if (headers['x-tc-action'] !== 'ChatCompletions' || headers['x-tc-version'] !== '2023-09-01') return refusal('InvalidAction', 'action or version missing');
  const timestamp = Number(headers['x-tc-timestamp']);
  const signed = Object.fromEntries(m[3]!.split(';').map((name) => [name, headers[name] ?? '']));
  const expected = tc3Sign({ secretId: m[1]!, secretKey, service: 'hunyuan', timestamp, headers: signed, payload });
  return expected.authorization === headers.authorization ? null : refusal('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
}

const usage = (completion: number) => ({ PromptTokens: DEFAULT_PROMPT_TOKENS, CompletionTokens: completion, TotalTokens: DEFAULT_PROMPT_TOKENS + completion });

export function tencentHunyuan(res: HttpResponse, req: HttpRequest): void {
  const exchange = new MockExchange(res, null, () => undefined);
  const headers: Record<string, string> = {};
  req.forEach((name, value) => {
    headers[name] = value;
  });
  readBody(
    res,
    1024 * 1024,
    guarded(
      (raw: Buffer) => {
        const payload = raw.toString('utf8');
        const refused = authFailure(headers, payload);
        if (refused) return exchange.json(200, refused);
        const body = JSON.parse(payload) as { Stream?: boolean; Messages?: unknown[] };
        if (!Array.isArray(body.Messages) || body.Messages.length === 0) return exchange.json(200, refusal('InvalidParameter', 'Messages is required'));
        const id = 'mock-hunyuan';
        if (!body.Stream) {
          return exchange.json(200, {
            Response: { Id: id, Created: 1_700_000_000, Choices: [{ Message: { Role: 'assistant', Content: DEFAULT_CONTENT }, FinishReason: 'stop' }], Usage: usage(DEFAULT_COMPLETION_TOKENS), RequestId: id },
          });
        }
        const parts = splitContent(DEFAULT_CONTENT, DEFAULT_CHUNKS);
        const frames = parts.map((text, i) =>
          sseFrame({ Id: id, Created: 1_700_000_000, Choices: [{ Delta: { Role: 'assistant', Content: text }, FinishReason: i === parts.length - 1 ? 'stop' : '' }], Usage: usage(i === parts.length - 1 ? DEFAULT_COMPLETION_TOKENS : i + 1) }),
        );
        exchange.stream({ frames, ending: 'end' }, 0);
      },
      (error) => console.error('mock tencent: body handler failed', error),
    ),
    () => exchange.json(413, refusal('RequestSizeLimitExceeded', 'too large')),
  );
}
