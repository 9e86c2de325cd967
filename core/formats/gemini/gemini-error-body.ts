import type { ErrorWriter, RelayFailure } from '../format-contracts.js';

/** Google's status names (google.rpc.Code) by the HTTP status they travel with. */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};
const KNOWN = new Set([...Object.values(STATUS_NAMES), 'FAILED_PRECONDITION', 'OUT_OF_RANGE', 'ALREADY_EXISTS', 'DATA_LOSS', 'UNKNOWN']);

export function googleStatusName(status: number): string {
  return STATUS_NAMES[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
}

export interface GoogleErrorBody {
  error: { code: number; message: string; status: string };
}

/**
 * A failure in Google's envelope. A status name the failure already carries (a Gemini upstream's own, or
 * INVALID_ARGUMENT from the request parser) is kept; otherwise it follows the HTTP status.
 */
export function googleErrorBody(failure: RelayFailure, message = failure.message): GoogleErrorBody {
  const named = [failure.type, failure.code].find((v): v is string => typeof v === 'string' && KNOWN.has(v));
  return { error: { code: failure.status, message, status: named ?? googleStatusName(failure.status) } };
}

/** Errors for Gemini clients, with the request id appended to the message as the OpenAI envelope does. */
export const geminiErrorWriter: ErrorWriter = {
  errorBody: (failure, requestId) => ({ status: failure.status, body: googleErrorBody(failure, `${failure.message} (request id: ${requestId})`) }),
};
