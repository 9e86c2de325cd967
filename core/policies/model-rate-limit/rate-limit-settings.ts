import type { OptionsStore } from '../../options/options-store.js';

/** The option reads the rate limit needs; the OptionsStore satisfies it, tests pass a stub. */
export type RateLimitOptions = Pick<OptionsStore, 'bool' | 'number' | 'json'>;

export interface RateLimitSettings {
  /** as configured: new-api's messages quote minutes */
  durationMinutes: number;
  windowSeconds: number;
  /** all requests, failures included, per window; ≤ 0 = unlimited */
  totalMax: number;
  /** successful requests per window; ≤ 0 = unlimited */
  successMax: number;
}

type GroupLimits = Record<string, [number, number]>;

/**
 * new-api's ModelRequestRateLimit settings for one request (spec relay.md §9.1): null when the limit is
 * off. A `ModelRequestRateLimitGroup` entry for the group replaces both counts; the window stays global.
 * A window of 0 minutes lets everything through in new-api (nothing is ever younger than 0 s).
 */
export function resolveRateLimitSettings(options: RateLimitOptions, group: string): RateLimitSettings | null {
  if (!options.bool('ModelRequestRateLimitEnabled')) return null;
  const durationMinutes = options.number('ModelRequestRateLimitDurationMinutes');
  if (durationMinutes <= 0) return null;
  const groups = options.json<GroupLimits>('ModelRequestRateLimitGroup');
  // hasOwn: a group named "constructor" must not find Object.prototype's member.
  const [totalMax, successMax] = Object.hasOwn(groups, group)
    ? groups[group]!
    : [options.number('ModelRequestRateLimitCount'), options.number('ModelRequestRateLimitSuccessCount')];
  return { durationMinutes, windowSeconds: durationMinutes * 60, totalMax, successMax };
}
