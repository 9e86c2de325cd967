import type { HttpResponse } from 'uWebSockets.js';
import type { Headers } from './exchange.js';
import type { RequestSnapshot } from './request-snapshot.js';

const CORS_HEADERS: Headers = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

/**
 * CORS headers for a request that carries an Origin, as new-api's CORS middleware (all origins) sends
 * them; a request without one (an SDK, curl) is not a CORS request and gets none.
 */
export function corsHeaders(req: RequestSnapshot): Headers | null {
  return req.headers.origin === undefined ? null : CORS_HEADERS;
}

/** 204 to a CORS preflight. */
export function answerPreflight(res: HttpResponse): void {
  res.cork(() => {
    res.writeStatus('204 No Content');
    for (const k in CORS_HEADERS) res.writeHeader(k, CORS_HEADERS[k]!);
    res.end();
  });
}
