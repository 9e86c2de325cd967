import type { RateLimitStore } from './rate-limit-store.js';
import { type RateLimitOptions, type RateLimitSettings, resolveRateLimitSettings } from './rate-limit-settings.js';

export type RateLimitDecision = { allowed: true } | { allowed: false; status: 429 | 500; message: string };

const ALLOWED: RateLimitDecision = { allowed: true };

export const successLimitMessage = (s: RateLimitSettings) => `您已达到请求数限制：${s.durationMinutes}分钟内最多请求${s.successMax}次`;

export const totalLimitMessage = (s: RateLimitSettings) =>
  `您已达到总请求数限制：${s.durationMinutes}分钟内最多请求${s.totalMax}次，包括失败次数，请检查您的请求是否正确`;

/**
 * new-api's ModelRequestRateLimit middleware, per user id, in its Redis mode's order and messages on
 * either store (its memory mode answers a bare 429, and its success check there counts every request):
 * the success log is checked first, then the total bucket takes a token, so a request refused for
 * successes costs no total budget and a failed one still spends its token.
 */
export class ModelRateLimiter {
  constructor(
    private readonly options: RateLimitOptions,
    private readonly store: RateLimitStore,
    private readonly onStoreError: (error: unknown) => void = () => {},
  ) {}

  /** Whether the limit is on at all: a synchronous check, so a request pays nothing for a limit that is off. */
  enabled(): boolean {
    return this.options.bool('ModelRequestRateLimitEnabled');
  }

  /** Before the request, after token auth. `group` is the token's group, else the user's. */
  async check(userId: number, group: string): Promise<RateLimitDecision> {
    const settings = resolveRateLimitSettings(this.options, group);
    if (!settings) return ALLOWED;
    try {
      if (settings.successMax > 0 && !(await this.store.successAllowed(userId, settings.successMax, settings.windowSeconds))) {
        return { allowed: false, status: 429, message: successLimitMessage(settings) };
      }
      if (settings.totalMax > 0 && !(await this.store.takeRequest(userId, settings.totalMax, settings.windowSeconds))) {
        return { allowed: false, status: 429, message: totalLimitMessage(settings) };
      }
    } catch (error) {
      this.onStoreError(error);
      return { allowed: false, status: 500, message: 'rate_limit_check_failed' };
    }
    return ALLOWED;
  }

  /** After the outcome of a request `check` allowed; new-api counts a success when the status is < 400. */
  async record(userId: number, group: string, succeeded: boolean): Promise<void> {
    if (!succeeded) return;
    const settings = resolveRateLimitSettings(this.options, group);
    if (!settings || settings.successMax <= 0) return;
    try {
      await this.store.recordSuccess(userId, settings.successMax, settings.windowSeconds);
    } catch (error) {
      // The answer is already out; a lost record only loosens the limit.
      this.onStoreError(error);
    }
  }
}
