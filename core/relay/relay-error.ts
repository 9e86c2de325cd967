import { DATABASE_FAILURE_ANSWERS, databaseFailureOf } from '../db/database-failure.js';
import { redactDeep, type Redact } from './redact-secrets.js';

/**
 * A relay failure; each client format renders it in its own envelope (core/formats/<format>). `local` errors (validation, pricing, quota, auth)
 * are never retried; upstream errors may be, depending on status.
 */
export class RelayError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | number | null;
  readonly param: string;
  readonly local: boolean;
  /** the upstream's own `error` object, passed through when it had a message */
  readonly upstream: Record<string, unknown> | null;

  constructor(
    status: number,
    message: string,
    opts: { type?: string; code?: string | number | null; param?: string; local?: boolean; upstream?: Record<string, unknown> | null } = {},
  ) {
    super(message);
    this.status = status;
    this.type = opts.type ?? 'new_api_error';
    this.code = opts.code ?? '';
    this.param = opts.param ?? '';
    this.local = opts.local ?? true;
    this.upstream = opts.upstream ?? null;
  }

  withStatus(status: number): RelayError {
    return this.copy(status, this.message, this.upstream);
  }

  /** The same error with every secret `redact` finds taken out of its message and upstream object. */
  redacted(redact: Redact): RelayError {
    return this.copy(this.status, redact(this.message), this.upstream && (redactDeep(this.upstream, redact) as Record<string, unknown>));
  }

  private copy(status: number, message: string, upstream: Record<string, unknown> | null): RelayError {
    return new RelayError(status, message, { type: this.type, code: this.code, param: this.param, local: this.local, upstream });
  }
}

/** A client-side error raised before any upstream work (auth, validation, routing, pricing, quota). */
export const localError = (status: number, message: string, code: string | number | null = '', type = 'new_api_error') =>
  new RelayError(status, message, { code, type, local: true });

/**
 * What a relay route answers for an error it did not raise as a RelayError: 503 when the database could not serve
 * (a timeout, a full disk: the client may retry), else a 500. The caller logs the latter.
 */
export function unexpectedRelayError(e: unknown): RelayError {
  if (e instanceof RelayError) return e;
  const failure = databaseFailureOf(e);
  if (failure) return new RelayError(503, DATABASE_FAILURE_ANSWERS[failure].relay, { code: DATABASE_FAILURE_ANSWERS[failure].code });
  return new RelayError(500, `internal error: ${e instanceof Error ? e.message : String(e)}`, { code: 'internal_error' });
}
