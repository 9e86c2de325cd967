import type { ErrorWriter, RelayFailure } from '../format-contracts.js';

/**
 * new-api's error envelope. The upstream's own `error` object is passed through when it had a message;
 * the request id is appended to the message either way. 499 (client gone) is written as a 400.
 */
export function openAiErrorBody(f: RelayFailure, requestId: string): { error: Record<string, unknown> } {
  if (f.upstream && typeof f.upstream.message === 'string') {
    return { error: { ...f.upstream, message: `${f.upstream.message} (request id: ${requestId})` } };
  }
  return { error: { message: `${f.message} (request id: ${requestId})`, type: f.type, param: f.param ?? '', code: f.code } };
}

export const openAiErrorWriter: ErrorWriter = {
  errorBody: (f, requestId) => ({ status: f.status === 499 ? 400 : f.status, body: openAiErrorBody(f, requestId) }),
};

/** A failure inside an SSE stream already under way: the same body as its last data event, then [DONE]. */
export const openAiStreamFailure = (f: RelayFailure, requestId: string): string => `data: ${JSON.stringify(openAiErrorBody(f, requestId))}\n\ndata: [DONE]\n\n`;

export const OPENAI_DONE = 'data: [DONE]\n\n';
