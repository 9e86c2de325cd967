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

/**
 * A copy to change before it is published. Every state is built by this one literal, so they all share one
 * shape: spread copies (`{ ...state, inFlight }`) each got a map of their own, and the actor's hot reads of
 * them went megamorphic (README "Performance").
 */
export const copyState = (s: ChannelState): ChannelState => ({
  inFlight: s.inFlight,
  breaker: s.breaker,
  keys: s.keys,
  responseMs: s.responseMs,
  totalRequests: s.totalRequests,
  totalFailures: s.totalFailures,
});

export const keyBreaker = (s: ChannelState, index: number): Breaker => s.keys[index] ?? CLOSED;

export const smoothResponseMs = (previous: number, elapsedMs: number): number =>
  previous === 0 ? elapsedMs : Math.round(previous * 0.8 + elapsedMs * 0.2);
