import { request, type Dispatcher } from 'undici';
import { readCapped } from '../../upstream/read-capped.js';
import { ApiError } from '../envelope.js';

export interface JsonRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** a form (sent url-encoded) or a JSON value */
  form?: Record<string, string>;
  json?: unknown;
  /** the outbound policy's dispatcher (core/upstream/outbound-policy.ts): every provider call goes through one */
  dispatcher: Dispatcher;
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

// Identity providers, Turnstile and the WeChat server answer small JSON documents; new-api gives them 5 s.
const TIMEOUT_MS = 5_000;
const MAX_BODY_BYTES = 1 << 20;

/**
 * One JSON call to a sign-in provider. Network failures reject with the transport error; a body that is not
 * JSON rejects with the parser's message (new-api returns its decoder error the same way).
 */
export async function fetchJson(url: string, r: JsonRequest): Promise<JsonResponse> {
  // GitHub's API refuses requests without a User-Agent.
  const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'Ferryman', ...r.headers };
  let body: string | undefined;
  if (r.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(r.form).toString();
  } else if (r.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(r.json);
  }
  const res = await request(url, {
    method: r.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    dispatcher: r.dispatcher,
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
    signal: AbortSignal.timeout(TIMEOUT_MS * 2),
  });
  const text = (await readCapped(res.body, MAX_BODY_BYTES)).toString('utf8');
  return { status: res.statusCode, body: JSON.parse(text) as unknown };
}

/**
 * fetchJson for one step of a sign-in flow, failing the way new-api does: a transport failure becomes the
 * provider's "cannot connect" message, a body that is not JSON the parser's message.
 */
export async function providerCall(url: string, r: JsonRequest, unreachable: string): Promise<JsonResponse> {
  try {
    return await fetchJson(url, r);
  } catch (e) {
    throw new ApiError(e instanceof SyntaxError ? e.message : unreachable);
  }
}
