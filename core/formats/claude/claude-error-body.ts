import type { ErrorWriter, RelayFailure } from '../format-contracts.js';

/** Anthropic's documented error type for each status it uses. */
const TYPE_BY_STATUS: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};
const STATUS_BY_TYPE = new Map(Object.entries(TYPE_BY_STATUS).map(([status, type]) => [type, Number(status)]));

/**
 * The type a Claude client sees: an Anthropic type the failure already carries (an upstream Claude
 * error) is kept; otherwise it follows the status, other 4xx being invalid requests and 5xx api errors.
 */
export function claudeErrorType(f: RelayFailure): string {
  if (STATUS_BY_TYPE.has(f.type)) return f.type;
  return TYPE_BY_STATUS[f.status] ?? (f.status >= 400 && f.status < 500 ? 'invalid_request_error' : 'api_error');
}

/** An upstream `{type, message}` error (an `error` stream event has no status: the type's own is used). */
export function claudeUpstreamFailure(error: { type?: string | null; message?: string | null } | null | undefined): RelayFailure {
  const type = error?.type || 'api_error';
  return { status: STATUS_BY_TYPE.get(type) ?? 500, message: error?.message || type, type, code: type };
}

/**
 * `{type:"error", error:{type, message}, request_id}`: the request id is appended to the message as the
 * OpenAI body does, and also given where Anthropic's own error body and SDK carry it.
 */
export const claudeErrorBody: ErrorWriter = {
  errorBody(failure, requestId) {
    return {
      status: failure.status,
      body: { type: 'error', error: { type: claudeErrorType(failure), message: `${failure.message} (request id: ${requestId})` }, request_id: requestId },
    };
  },
};
