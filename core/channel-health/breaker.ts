/**
 * A circuit breaker as pure values. `threshold` consecutive failures open it for `cooldownMs`; after that one
 * request is let through as a half-open probe (it reserves the next cool-down, so a probe that never reports
 * back cannot wedge the circuit); its success closes the circuit, its failure opens it again.
 */
export interface Breaker {
  /** consecutive failures since the last success */
  failures: number;
  open: boolean;
  /** while open: when the next probe may go */
  retryAt: number;
  /** a half-open probe is in flight */
  probing: boolean;
}

export interface BreakerSettings {
  threshold: number;
  cooldownMs: number;
}

export const CLOSED: Breaker = Object.freeze({ failures: 0, open: false, retryAt: 0, probing: false });

/** Closed, or open with its cool-down over and no probe in flight. */
export const admits = (b: Breaker, now: number): boolean => !b.open || now >= b.retryAt;

/** A request goes through: when the circuit is open this is the probe. */
export function breakerStart(b: Breaker, now: number, s: BreakerSettings): Breaker {
  if (!b.open || now < b.retryAt) return b;
  return { ...b, retryAt: now + s.cooldownMs, probing: true };
}

export const breakerSuccess = (): Breaker => CLOSED;

export function breakerFailure(b: Breaker, now: number, s: BreakerSettings): Breaker {
  const failures = b.failures + 1;
  if (b.open) return { failures, open: true, retryAt: b.probing ? now + s.cooldownMs : b.retryAt, probing: false };
  if (failures >= Math.max(1, s.threshold)) return { failures, open: true, retryAt: now + s.cooldownMs, probing: false };
  return { ...CLOSED, failures };
}

/** The request ended without a verdict: a probe's slot is handed back at once. */
export function breakerRelease(b: Breaker, now: number): Breaker {
  return b.probing ? { ...b, retryAt: now, probing: false } : b;
}

/** Opens the circuit at once (a dead key or channel), whatever the count. */
export function breakerTrip(b: Breaker, now: number, s: BreakerSettings): Breaker {
  return { failures: Math.max(b.failures, s.threshold), open: true, retryAt: now + s.cooldownMs, probing: false };
}
