import type { RelayError } from '../relay/relay-error.js';

/**
 * new-api's realtime error event (spec relay.md §1, WssRelay): `{"type":"error","event_id":"evt_<request id>",
 * "error":{message,type,param,code}}`, the form a realtime client reads any failure in. An upstream's own
 * error (a refused handshake) keeps its type, param and code, as the HTTP relay passes them through.
 */
export function realtimeErrorFrame(err: RelayError, requestId: string): string {
  const up = err.upstream;
  const type = typeof up?.type === 'string' ? up.type : err.type;
  const code = typeof up?.code === 'string' || typeof up?.code === 'number' ? up.code : err.code;
  const param = typeof up?.param === 'string' ? up.param : err.param || null;
  return JSON.stringify({ type: 'error', event_id: `evt_${requestId}`, error: { message: err.message, type, param, code } });
}

/**
 * The close code a failure ends the client's socket with: 1008 (policy) for what the client must fix
 * (auth, quota, model), 1011 for the rest. uWS cannot send 1005/1006 (they are never on the wire).
 */
export const closeCodeOf = (err: RelayError): number => (err.status >= 400 && err.status < 500 ? 1008 : 1011);

/** An upstream close code the client may be sent as it is; anything else becomes 1011. */
export const relayableCloseCode = (code: number): number =>
  (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999) ? code : 1011;
