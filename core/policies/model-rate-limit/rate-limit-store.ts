/**
 * Where the per-user counts live: this process (memory) or Redis, shared by every node. Limits and
 * windows are arguments, not construction parameters, because group overrides and option changes make
 * them differ between calls for the same user.
 */
export interface RateLimitStore {
  /** True while fewer than `limit` successes fall inside the window. Records nothing. */
  successAllowed(userId: number, limit: number, windowSeconds: number): Promise<boolean>;
  /** Logs one success; only the newest `limit` are kept. */
  recordSuccess(userId: number, limit: number, windowSeconds: number): Promise<void>;
  /** Takes one request from the user's total-request bucket; false (and nothing taken) when it is empty. */
  takeRequest(userId: number, limit: number, windowSeconds: number): Promise<boolean>;
}
