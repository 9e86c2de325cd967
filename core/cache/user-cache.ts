import { LRUCache } from 'lru-cache';
import { CoalescingLoader } from '../async/coalescing-loader.js';
import { entryBound } from './entry-bound.js';
import { RecentInvalidations } from './recent-invalidations.js';
import type { Sql } from '../db/connect.js';

/** What auth and the relay need about a user; quota itself is never trusted from here. */
export interface CachedUser {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  email: string;
  setting: string;
}

/**
 * Users by id, loaded on miss and dropped on every write that changes them, so a disabled user is refused
 * on the next request rather than after a sync interval.
 */
export class UserCache {
  private cache: LRUCache<number, CachedUser>;
  /** loads that miss go together, one statement at a time: thousands of users new to this node each cost a row, not a statement */
  private readonly loads: CoalescingLoader<number, CachedUser>;
  private readonly invalidated = new RecentInvalidations<number>();

  constructor(sql: Sql, ttlSeconds: number) {
    this.cache = new LRUCache({ ...entryBound(50_000), ttl: ttlSeconds * 1000 });
    this.loads = new CoalescingLoader(async (ids) => {
      const rows = await sql<CachedUser[]>`
        SELECT id, username, role, status, "group", email, setting FROM users WHERE id = ANY(${ids}::int8[]) AND deleted_at IS NULL`;
      return new Map(rows.map((row) => [row.id, row]));
    });
  }

  /** The cached user without a load; undefined when not cached. */
  peek(id: number): CachedUser | undefined {
    return this.cache.get(id);
  }

  async get(id: number): Promise<CachedUser | null> {
    const hit = this.cache.get(id);
    if (hit) return hit;
    const started = performance.now();
    const row = await this.loads.load(id);
    if (!row) return null;
    if (!this.invalidated.since(id, started)) this.cache.set(id, row);
    return row;
  }

  invalidate(id: number): void {
    this.cache.delete(id);
    this.invalidated.mark(id);
  }
}
