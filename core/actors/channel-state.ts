/**
 * A channel's live health, as pure transitions. A circuit opens after `failureThreshold` consecutive
 * failures and admits traffic again after `cooldownMs` (half-open: one success closes it).
 */
export interface ChannelState {
  inFlight: number;
  consecutiveFailures: number;
  openUntil: number;
  /** exponentially weighted response time, ms */
  responseMs: number;
  totalRequests: number;
  totalFailures: number;
}

export interface BreakerSettings {
  failureThreshold: number;
  cooldownMs: number;
}

export const DEFAULT_BREAKER: BreakerSettings = { failureThreshold: 3, cooldownMs: 60_000 };

export const initialChannelState = (): ChannelState => ({
  inFlight: 0,
  consecutiveFailures: 0,
  openUntil: 0,
  responseMs: 0,
  totalRequests: 0,
  totalFailures: 0,
});

export function started(s: ChannelState): ChannelState {
  return { ...s, inFlight: s.inFlight + 1, totalRequests: s.totalRequests + 1 };
}

export function succeeded(s: ChannelState, elapsedMs: number): ChannelState {
  const responseMs = s.responseMs === 0 ? elapsedMs : Math.round(s.responseMs * 0.8 + elapsedMs * 0.2);
  return { ...s, inFlight: Math.max(0, s.inFlight - 1), consecutiveFailures: 0, openUntil: 0, responseMs };
}

export function failed(s: ChannelState, now: number, b: BreakerSettings = DEFAULT_BREAKER): ChannelState {
  const consecutiveFailures = s.consecutiveFailures + 1;
  return {
    ...s,
    inFlight: Math.max(0, s.inFlight - 1),
    consecutiveFailures,
    totalFailures: s.totalFailures + 1,
    openUntil: consecutiveFailures >= b.failureThreshold ? now + b.cooldownMs : s.openUntil,
  };
}

/** Finished without a verdict on the channel (client went away, local error). */
export function released(s: ChannelState): ChannelState {
  return { ...s, inFlight: Math.max(0, s.inFlight - 1) };
}

export function isOpen(s: ChannelState, now: number): boolean {
  return s.openUntil > now;
}
