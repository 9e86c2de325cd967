/**
 * What an upstream failure says about a channel, carried from the relay (or a channel test) to the health
 * rules so that they stay pure: the status, the upstream's own error code and type, and the message or an
 * excerpt of the body, already redacted.
 */
export interface ChannelFailure {
  /** HTTP status of the upstream answer; 0 when none came (connection refused, timeout) */
  status: number;
  /** the upstream's error code (error.code), when it gave one */
  code?: string | number | null;
  /** the upstream's error type (error.type), when it gave one */
  type?: string | null;
  /** the upstream's message, or a body excerpt */
  message: string;
  /** the error came inside an HTTP 200 answer (or mid-stream) */
  inBody?: boolean;
}

const EXCERPT = 500;

/** A relay error (or anything shaped like one) as a ChannelFailure; the upstream's own code and type win. */
export function channelFailureOf(
  err: { status: number; message: string; code?: unknown; type?: unknown; upstream?: Record<string, unknown> | null },
  inBody = false,
): ChannelFailure {
  const upstreamCode = err.upstream?.code;
  const upstreamType = err.upstream?.type;
  const code = typeof upstreamCode === 'string' || typeof upstreamCode === 'number' ? upstreamCode : typeof err.code === 'string' || typeof err.code === 'number' ? err.code : null;
  const type = typeof upstreamType === 'string' ? upstreamType : typeof err.type === 'string' ? err.type : null;
  return { status: err.status, code, type, message: err.message.slice(0, EXCERPT), inBody };
}

/** The status_reason stored with an auto-disable (new-api's `status_code=N, message`). */
export const failureReason = (f: ChannelFailure): string => `status_code=${f.status}, ${f.message}`.slice(0, EXCERPT + 32);
