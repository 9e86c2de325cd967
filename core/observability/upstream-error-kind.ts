import type { RelayError } from '../relay/relay-error.js';

/** The label of ferryman_upstream_errors_total: a small fixed set, whatever the upstream said. */
export const UPSTREAM_ERROR_KINDS = ['timeout', 'connect', 'stream', 'rate_limited', 'auth', 'http_4xx', 'http_5xx', 'bad_body', 'no_key', 'other'] as const;
export type UpstreamErrorKind = (typeof UPSTREAM_ERROR_KINDS)[number];

const BY_CODE: Readonly<Record<string, UpstreamErrorKind>> = {
  relay_timeout: 'timeout',
  first_byte_timeout: 'timeout',
  stream_timeout: 'timeout',
  response_idle_timeout: 'timeout',
  do_request_failed: 'connect',
  stream_interrupted: 'stream',
  read_response_body_failed: 'stream',
  empty_response: 'bad_body',
  bad_response_body: 'bad_body',
  'channel:no_available_key': 'no_key',
};

/** Index into UPSTREAM_ERROR_KINDS of a failed attempt (core/relay/transport-failure.ts and upstream-error.ts name the codes). */
export function upstreamErrorKind(err: Pick<RelayError, 'status' | 'code'>): number {
  let kind: UpstreamErrorKind;
  if (err.code === 'bad_response_status_code') {
    const s = err.status;
    kind = s === 429 ? 'rate_limited' : s === 401 || s === 403 ? 'auth' : s >= 500 ? 'http_5xx' : s >= 400 ? 'http_4xx' : 'other';
  } else {
    kind = (typeof err.code === 'string' && BY_CODE[err.code]) || 'other';
  }
  return UPSTREAM_ERROR_KINDS.indexOf(kind);
}
