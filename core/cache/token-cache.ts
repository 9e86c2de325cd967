import { LRUCache } from 'lru-cache';
import { CoalescingLoader } from '../async/coalescing-loader.js';
import { entryBound } from './entry-bound.js';
import { RecentInvalidations } from './recent-invalidations.js';
import type { Sql } from '../db/connect.js';
import type { TokenRow } from '../db/rows.js';
import { normaliseIp } from '../http/client-ip.js';

/** A token as the relay sees it: limits pre-parsed once instead of on every request. */
export interface CachedToken {
  id: number;
  userId: number;
  key: string;
  name: string;
  status: number;
  expiredTime: number;
  remainQuota: number;
  unlimitedQuota: boolean;
  modelLimits: Set<string> | null;
  allowIps: Set<string> | null;
  group: string;
}

export function toCachedToken(row: TokenRow): CachedToken {
  const models = row.model_limits_enabled ? new Set(row.model_limits.split(',').filter((m) => m !== '')) : null;
  const ips = (row.allow_ips ?? '')
    .split('\n')
    .map((s) => normaliseIp(s.replace(/[\s,]/g, '')))
    .filter((s) => s !== '');
  return {
    id: row.id,
    userId: row.user_id,
    key: row.key.trim(),
    name: row.name,
    status: row.status,
    expiredTime: row.expired_time,
    remainQuota: row.remain_quota,
    unlimitedQuota: row.unlimited_quota,
    modelLimits: models,
    allowIps: ips.length ? new Set(ips) : null,
    group: row.group ?? '',
  };
}

/** `tokens.key` is `char(48)`, as in new-api: a longer key names no token, and is refused without a lookup. */
export const TOKEN_KEY_MAX_LENGTH = 48;

/** How many unknown keys are remembered, apart from the tokens, so that a flood of them evicts no real token. */
const MISSES_KEPT = 20_000;
const MISS_TTL_MS = 10_000;

type TokenLookupRow = TokenRow & { leased: number | string };

/**
 * Tokens by key. A key that names no token is remembered for 10 s in a cache of its own, so retries of a wrong key
 * cost one lookup per interval; lookups that miss both caches are sent together, one statement at a time
 * (CoalescingLoader), so a flood of random keys costs the database one statement per batch.
 */
export class TokenCache {
  private byKey: LRUCache<string, CachedToken>;
  private misses = new LRUCache<string, true>({ ...entryBound(MISSES_KEPT), ttl: MISS_TTL_MS });
  private keyById = new Map<number, string>();
  private readonly lookups: CoalescingLoader<string, TokenLookupRow>;
  private readonly invalidated = new RecentInvalidations<number>();

  constructor(sql: Sql, ttlSeconds: number) {
    this.byKey = new LRUCache({
      ...entryBound(100_000),
      ttl: ttlSeconds * 1000,
      dispose: (v, k) => {
        if (this.keyById.get(v.id) === k) this.keyById.delete(v.id);
      },
    });
    // Quota leased into nodes' memory is still the token's: without it a token whose whole remainder sits in
    // slices would read as exhausted. `bpchar[]` compares as the column does (trailing blanks ignored, no truncation), so its index serves.
    this.lookups = new CoalescingLoader(async (keys) => {
      const rows = await sql<TokenLookupRow[]>`
        SELECT t.*, (SELECT COALESCE(sum(l.amount), 0) FROM quota_leases l WHERE l.kind = 't' AND l.owner_id = t.id) AS leased
        FROM tokens t WHERE t.key = ANY(${keys}::text[]::bpchar[]) AND t.deleted_at IS NULL`;
      return new Map(rows.map((r) => [r.key.trimEnd(), r]));
    });
  }

  /** The cached answer without a load: the token, null for a key known not to exist, undefined when not cached. */
  peek(key: string): CachedToken | null | undefined {
    if (key.length > TOKEN_KEY_MAX_LENGTH) return null;
    return this.byKey.get(key) ?? (this.misses.get(key) ? null : undefined);
  }

  async get(key: string): Promise<CachedToken | null> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const started = performance.now();
    // char(48) ignores trailing blanks, as the lookup does
    const row = await this.lookups.load(key.trimEnd());
    if (!row) {
      this.misses.set(key, true);
      return null;
    }
    const token = toCachedToken({ ...row, remain_quota: row.remain_quota + Number(row.leased) });
    if (this.invalidated.since(token.id, started)) return token;
    this.byKey.set(key, token);
    this.keyById.set(token.id, key);
    return token;
  }

  invalidateId(id: number): void {
    const key = this.keyById.get(id);
    if (key !== undefined) this.byKey.delete(key);
    this.invalidated.mark(id);
  }
}
