import type { ErrorWriter } from '../formats/format-contracts.js';
import type { Exchange } from '../http/exchange.js';
import type { InFlightGate } from '../http/in-flight-gate.js';
import { localError, type RelayError } from './relay-error.js';

const OVERLOADED = localError(503, 'too many requests in flight on this gateway (RELAY_MAX_IN_FLIGHT); retry shortly', 'gateway_overloaded');
const SHUTTING_DOWN = localError(503, 'this gateway is shutting down; retry shortly', 'gateway_shutting_down');

/** Why the gate refused: the gateway is stopping, or the cap is reached. */
export const gateRefusal = (gate: InFlightGate): RelayError => (gate.closed ? SHUTTING_DOWN : OVERLOADED);

/**
 * A slot on the gate for one relay request (chat, task, realtime upgrade), or null once the request has been
 * answered 503 with Retry-After in `errors`' envelope. Called first thing, before the body is read and
 * before any auth or reservation, so a refusal costs nothing and a stopping gateway takes nothing new that
 * could settle after its last flush.
 */
export function admitRequest(gate: InFlightGate, ex: Exchange, errors: ErrorWriter): (() => void) | null {
  const release = gate.enter();
  if (!release) {
    const { status, body } = errors.errorBody(gateRefusal(gate), ex.requestId);
    ex.json(status, body, { 'Retry-After': '1' });
  }
  return release;
}
