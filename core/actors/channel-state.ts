import { CLOSED, type Breaker } from '../channel-health/breaker.js';

/**
 * A channel's live state on this node: load, speed, and a circuit breaker for the channel and one per key
 * (by key index). Changed only by the pure transitions of core/channel-health/health-transition.ts.
 */
export interface ChannelState {
  inFlight: number;
  breaker: Breaker;
  /** key index → breaker; a key with no entry is closed */
  keys: Readonly<Record<number, Breaker>>;
  /** exponentially weighted response time, ms */
  responseMs: number;
  totalRequests: number;
  totalFailures: number;
}

export const initialChannelState = (): ChannelState => ({
  inFlight: 0,
  breaker: CLOSED,
  keys: {},
  responseMs: 0,
  totalRequests: 0,
  totalFailures: 0,
});

export const keyBreaker = (s: ChannelState, index: number): Breaker => s.keys[index] ?? CLOSED;

export const smoothResponseMs = (previous: number, elapsedMs: number): number =>
  previous === 0 ? elapsedMs : Math.round(previous * 0.8 + elapsedMs * 0.2);
