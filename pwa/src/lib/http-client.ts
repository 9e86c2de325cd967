import type { Envelope } from '../../../core/contracts/envelope';
import { BusinessError, HttpStatusError, NetworkError } from './http-errors';
import { localStore } from './local-store';
import { storageKeys } from './storage-keys';

export interface HttpHooks {
  /** HTTP 401: the session is gone (redirect to /login?expired=true). */
  onUnauthorized: () => void;
  /** Tell the user about a failed status (429, 500, 405, others). */
  onStatus: (status: number, serverMessage: string) => void;
}

let hooks: HttpHooks = { onUnauthorized: () => {}, onStatus: () => {} };

export function configureHttp(next: HttpHooks): void {
  hooks = next;
}

export interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Some endpoints (POST /api/setup) answer errors as HTTP 400/500 with an envelope. */
  envelopeOnError?: boolean;
}

export function buildUrl(path: string, params?: RequestOptions['params']): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined) query.set(k, String(v));
  const text = query.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** Headers every console call carries: the stored user id and `Cache-Control: no-store`. */
export function consoleHeaders(json: boolean): Record<string, string> {
  const user = localStore.getJson<{ id?: number }>(storageKeys.user);
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', 'New-API-User': String(user?.id ?? -1) };
  if (json) headers['Content-Type'] = 'application/json';
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: { message?: unknown } };
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.error?.message === 'string') return b.error.message;
  }
  return typeof body === 'string' ? body : '';
}

/** Sends a same-origin request and returns the parsed JSON body (any shape). */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      credentials: 'same-origin',
      headers: consoleHeaders(options.body !== undefined),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new NetworkError(cause instanceof Error ? cause.message : 'network error');
  }
  const body = await readBody(response);
  if (response.ok) return body as T;
  const serverMessage = messageOf(body);
  if (response.status === 401) {
    hooks.onUnauthorized();
    throw new HttpStatusError(401, serverMessage, true);
  }
  if (options.envelopeOnError && serverMessage && (response.status === 400 || response.status === 500)) {
    throw new BusinessError(serverMessage);
  }
  hooks.onStatus(response.status, serverMessage);
  throw new HttpStatusError(response.status, serverMessage, true);
}

/** Returns `data` of a `{success,message,data}` envelope, or throws BusinessError with the message. */
export function unwrap<T>(envelope: Envelope<T> | undefined): T {
  if (!envelope) throw new BusinessError('');
  if (!envelope.success) throw new BusinessError(envelope.message ?? '');
  return envelope.data as T;
}

/** Envelope helpers: each resolves to `data` and rejects with BusinessError on success=false. */
export const api = {
  get: <T>(path: string, params?: RequestOptions['params']) => request<Envelope<T>>('GET', path, { params }).then(unwrap<T>),
  post: <T>(path: string, body?: unknown, params?: RequestOptions['params']) =>
    request<Envelope<T>>('POST', path, { body: body ?? {}, params }).then(unwrap<T>),
  put: <T>(path: string, body?: unknown, params?: RequestOptions['params']) =>
    request<Envelope<T>>('PUT', path, { body: body ?? {}, params }).then(unwrap<T>),
  delete: <T>(path: string, params?: RequestOptions['params']) => request<Envelope<T>>('DELETE', path, { params }).then(unwrap<T>),
  /** The whole envelope, for callers that need `message` on success (OAuth "bind", setup). */
  envelope: <T>(method: string, path: string, options?: RequestOptions) => request<Envelope<T>>(method, path, options),
};
