import { RelayError } from './relay-error.js';

/** Where the upstream call failed: before its response head, or while its body was read. */
export type TransportPhase = 'connect' | 'stream' | 'response';

const upstreamSide = { type: 'upstream_error', local: false } as const;

/**
 * A failed upstream call with no HTTP answer to relay (refused, reset, not HTTP, DNS, TLS, timeouts), as
 * the client sees it. Every connection failure gets the same message whatever the cause, so the relay is
 * no oracle for which addresses and ports answer; the cause goes to the server log only.
 */
export function transportFailure(e: unknown, phase: TransportPhase): RelayError {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'RELAY_TIMEOUT') {
    return new RelayError(504, 'upstream did not finish within RELAY_TIMEOUT', { ...upstreamSide, code: 'relay_timeout' });
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return new RelayError(504, 'upstream did not answer in time (first byte timeout)', { ...upstreamSide, code: 'first_byte_timeout' });
  }
  if (code === 'UND_ERR_BODY_TIMEOUT') {
    return phase === 'stream'
      ? new RelayError(504, 'stream idle timeout: the upstream sent nothing for too long', { ...upstreamSide, code: 'stream_timeout' })
      : new RelayError(504, 'response idle timeout: the upstream sent nothing for too long', { ...upstreamSide, code: 'response_idle_timeout' });
  }
  if (phase === 'connect') return new RelayError(502, '请求上游地址失败', { ...upstreamSide, code: 'do_request_failed' });
  if (phase === 'stream') {
    return new RelayError(502, `upstream stream interrupted (${typeof code === 'string' && code ? code : 'connection closed'})`, { ...upstreamSide, code: 'stream_interrupted' });
  }
  return new RelayError(502, `读取上游响应失败: ${(e as Error | null)?.message ?? 'connection closed'}`, { ...upstreamSide, code: 'read_response_body_failed' });
}
