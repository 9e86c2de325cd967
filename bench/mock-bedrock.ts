// AWS Bedrock's InvokeModel for the gateway's integration tests: the SigV4 signature is recomputed from the
// headers and body that arrived (a wrong secret, a header changed after signing, or another body is refused
// as AWS refuses it), and the Claude answer goes back as JSON or in AWS event-stream framing.
import { Sha256 } from '@aws-crypto/sha256-js';
import { EventStreamCodec } from '@smithy/core/event-streams';
import { SignatureV4 } from '@smithy/signature-v4';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { HttpRequest, HttpResponse } from 'uWebSockets.js';
import { claudeMessage, claudeStreamFrames } from './mock/anthropic-shapes.js';
import { answerOf } from './mock/mock-answer.js';
import { directivesFromBody, isRecord } from './mock/mock-directives.js';
import { MockExchange } from './mock/mock-exchange.js';
import { guarded } from './uws/guarded.js';
import { readBody } from './uws/read-body.js';

/** The access keys the mock knows, with their secrets: a channel key is `Ak|Sk|Region`. */
export const BEDROCK_MOCK_SECRETS: Readonly<Record<string, string>> = { AKIAMOCKBEDROCK: 'mock-bedrock-secret' };

const PATH = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;
const AUTH = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([a-z0-9-]+)\/bedrock\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/;
const codec = new EventStreamCodec(toUtf8, fromUtf8);
let seq = 1;

const awsError = (exchange: MockExchange, status: number, message: string) => exchange.json(status, { message });

/** Whether the request carries a valid SigV4 signature by a known key. */
async function signatureValid(path: string, headers: Record<string, string>, body: Buffer): Promise<string | null> {
  const m = AUTH.exec(headers.authorization ?? '');
  if (!m) return 'Authorization header requires Credential, SignedHeaders and Signature.';
  const secret = BEDROCK_MOCK_SECRETS[m[1]!];
  if (!secret) return 'The security token included in the request is invalid.';
  const amzDate = headers['x-amz-date'] ?? '';
  const signingDate = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (Number.isNaN(signingDate.getTime())) return 'x-amz-date is missing or malformed.';
  const signed = Object.fromEntries(m[4]!.split(';').map((name) => [name, headers[name] ?? '']));
  const signer = new SignatureV4({ credentials: { accessKeyId: m[1]!, secretAccessKey: secret }, region: m[3]!, service: 'bedrock', sha256: Sha256, applyChecksum: false });
  const expected = await signer.sign({ method: 'POST', protocol: 'http:', hostname: signed.host ?? '', path, query: {}, headers: signed, body }, { signingDate });
  return expected.headers.authorization === headers.authorization ? null : 'The request signature we calculated does not match the signature you provided.';
}

/** A Claude stream event as Bedrock sends it: a `chunk` message with the event JSON base64-encoded in `bytes`. */
function chunkMessage(sseText: string): Uint8Array {
  const data = /^data: (.*)$/m.exec(sseText)?.[1] ?? '{}';
  const s = (value: string) => ({ type: 'string' as const, value });
  return codec.encode({
    headers: { ':event-type': s('chunk'), ':content-type': s('application/json'), ':message-type': s('event') },
    body: fromUtf8(JSON.stringify({ bytes: Buffer.from(data).toString('base64') })),
  });
}

function answer(exchange: MockExchange, modelId: string, stream: boolean, raw: Buffer): void {
  const body = JSON.parse(raw.toString('utf8')) as unknown;
  if (!isRecord(body) || body.anthropic_version !== 'bedrock-2023-05-31' || 'model' in body || 'stream' in body) {
    return awsError(exchange, 400, 'Malformed input request: anthropic_version bedrock-2023-05-31 required; model and stream are not permitted');
  }
  const d = directivesFromBody(body);
  const n = seq++;
  const meta = { id: `msg_bdrk_${n}`, model: modelId };
  if (!stream) return exchange.json(200, claudeMessage(meta, d, answerOf(d, 'toolu', n)));
  const frames = claudeStreamFrames(meta, d, answerOf(d, 'toolu', n)).map((f) => Buffer.from(chunkMessage(f.text)));
  exchange.send(200, 'application/vnd.amazon.eventstream', Buffer.concat(frames));
}

/** POST /model/{modelId}/invoke and /model/{modelId}/invoke-with-response-stream */
export function bedrockInvoke(res: HttpResponse, req: HttpRequest): void {
  const exchange = new MockExchange(res, null, () => undefined);
  const path = req.getUrl();
  const headers: Record<string, string> = {};
  req.forEach((name, value) => {
    headers[name] = value;
  });
  readBody(
    res,
    1024 * 1024,
    guarded(
      (raw: Buffer) => {
        const m = PATH.exec(path);
        if (!m) return awsError(exchange, 404, `mock: no such route ${path}`);
        signatureValid(path, headers, raw).then(
          (refused) => (refused ? awsError(exchange, 403, refused) : answer(exchange, decodeURIComponent(m[1]!), m[2] === 'invoke-with-response-stream', raw)),
          (error: unknown) => awsError(exchange, 500, String(error)),
        );
      },
      (error) => console.error('mock bedrock: body handler failed', error),
    ),
    () => awsError(exchange, 413, 'too large'),
  );
}
