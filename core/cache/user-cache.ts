import { LRUCache } from 'lru-cache';
import { entryBound } from './entry-bound.js';
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

  constructor(
    private readonly sql: Sql,
    ttlSeconds: number,
  ) {
    this.cache = new LRUCache({ ...entryBound(50_000), ttl: ttlSeconds * 1000 });
  }

  /** The cached user without a load; undefined when not cached. */
  peek(id: number): CachedUser | undefined {
    return this.cache.get(id);
  }

  async get(id: number): Promise<CachedUser | null> {
    const hit = this.cache.get(id);
    if (hit) return hit;
    const [row] = await this.sql<CachedUser[]>`
      SELECT id, username, role, status, "group", email, setting FROM users WHERE id = ${id} AND deleted_at IS NULL`;
    if (!row) return null;
    this.cache.set(id, row);
    return row;
  }

  invalidate(id: number): void {
    this.cache.delete(id);
  }
}
