import { dialectOf } from './dialect.js';
import { RelayError } from './relay-error.js';

const MESSAGE_PATHS: Array<(b: Record<string, any>) => unknown> = [
  (b) => b.error?.message,
  (b) => b.message,
  (b) => b.msg,
  (b) => b.err,
  (b) => b.error_msg,
  (b) => b.header?.message,
  (b) => b.response?.error?.message,
];

/**
 * A non-200 upstream answer as new-api reports it (spec relay.md §7.1): the upstream `error` object is
 * passed through when it has a message; otherwise the first message-like field, or
 * "bad response status code N" for non-JSON bodies.
 */
export function upstreamError(status: number, bodyText: string): RelayError {
  let body: Record<string, any> | null = null;
  try {
    const v = JSON.parse(bodyText) as unknown;
    if (v && typeof v === 'object') body = v as Record<string, any>;
  } catch {
    body = null;
  }
  const opts = { type: 'upstream_error', code: 'bad_response_status_code', param: String(status), local: false };
  if (!body) return new RelayError(status, `bad response status code ${status}`, opts);
  if (body.error && typeof body.error === 'object' && typeof body.error.message === 'string' && body.error.message) {
    return new RelayError(status, body.error.message, { ...opts, upstream: body.error as Record<string, unknown> });
  }
  for (const pick of MESSAGE_PATHS) {
    const m = pick(body);
    if (typeof m === 'string' && m) return new RelayError(status, m, opts);
  }
  return new RelayError(status, `bad response status code ${status}`, opts);
}

/** Applies the channel's status_code_mapping ({"400":"500"}); never to a 200. */
export function mapStatus(status: number, mapping: Readonly<Record<string, string>>): number {
  if (status === 200) return status;
  const to = Number(mapping[String(status)]);
  return Number.isInteger(to) && to >= 100 && to <= 599 ? to : status;
}

/** new-api's retry matrix (spec relay.md §3.3), evaluated on the mapped status. */
export function shouldRetry(err: RelayError, channelType: number): boolean {
  if (err.local) return false;
  const s = err.status;
  if (s === 429 || s === 307) return true;
  if (s === 504 || s === 524) return false;
  if (s >= 500) return true;
  if (s === 400) return dialectOf(channelType) === 'claude';
  if (s === 408) return false;
  if (s >= 200 && s < 300) return false;
  return true;
}
