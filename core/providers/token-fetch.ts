import type { UpstreamClient, UpstreamResponse } from '../upstream/upstream-client.js';
import { readCapped } from '../upstream/read-capped.js';

const TOKEN_TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * One token request (OAuth2 exchange, access_token GET) through the relay's upstream client, so the outbound
 * policy checks its address like a channel call's. Resolves to the JSON answer of a 200; rejects with the
 * endpoint's own error text otherwise.
 */
export async function fetchTokenJson(
  upstream: UpstreamClient,
  req: { url: string; method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<Record<string, unknown>> {
  const sent = upstream.send({ ...req, headers: req.headers ?? {}, firstByteTimeoutMs: TOKEN_TIMEOUT_MS, idleTimeoutMs: TOKEN_TIMEOUT_MS });
  let res: UpstreamResponse;
  try {
    res = await sent.response;
  } catch (e) {
    // one message for every connection failure, as for channel calls: the cause is for the server log only
    throw new Error('token endpoint request failed', { cause: e });
  }
  const text = (await readCapped(res.body, MAX_ANSWER_BYTES)).toString('utf8');
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const body = json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  if (res.status !== 200 || !body) throw new Error(`token endpoint answered ${res.status}: ${errorText(body, text)}`);
  return body;
}

/** OAuth2's error_description / error, Baidu's error_description, or the start of the body. */
function errorText(body: Record<string, unknown> | null, text: string): string {
  const said = body?.error_description ?? body?.error ?? body?.message;
  if (typeof said === 'string' && said) return said;
  if (said && typeof said === 'object' && typeof (said as { message?: unknown }).message === 'string') return (said as { message: string }).message;
  return text.slice(0, 200) || 'empty body';
}
