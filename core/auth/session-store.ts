import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '../db/connect.js';
import { SESSION_MAX_AGE, withoutLogin, type CookieAttributes, type SessionCodec, type SessionData } from './session-cookie.js';

/** new-api's USER_SESSION_ACTIVE_LIMIT: live sessions per user; the oldest go when a login would pass it. */
export const SESSION_ACTIVE_LIMIT = 50;

// Only a digest of the session id is stored, so a copy of the table (a backup, a read-only SQL account)
// cannot be turned into cookies.
const digest = (sid: string): string => createHash('sha256').update(sid).digest('hex');
const seconds = (ms: number): number => Math.floor(ms / 1000);

/**
 * Server-side sessions (sql/0005_sessions.sql). The signed cookie names a session; the sign-in it carries
 * counts only while that row is live, so logout, a password change or an admin's action ends it on every
 * node at once. Each check is one primary-key read: console requests are not the relay's hot path, and a
 * cache here would keep a revoked session alive on other nodes until their invalidation arrived.
 */
export class SessionStore {
  constructor(
    private readonly sql: Sql,
    private readonly codec: SessionCodec,
  ) {}

  /** The cookie's session; the signed-in identity is dropped unless its row is live and names that user. */
  async read(cookieHeader: string | undefined, now = Date.now()): Promise<SessionData> {
    const data = this.codec.read(cookieHeader, now);
    if (data.sid === undefined && data.id === undefined && data.username === undefined) return data;
    const [row] = data.sid
      ? await this.sql<{ user_id: number }[]>`SELECT user_id FROM sessions WHERE id = ${digest(data.sid)} AND expires_at > ${seconds(now)}`
      : [];
    return row !== undefined && row.user_id === data.id ? data : withoutLogin(data);
  }

  /** Opens a session for the user and returns its id (256 random bits). */
  async start(userId: number, now = Date.now()): Promise<string> {
    const sid = randomBytes(32).toString('base64url');
    const at = seconds(now);
    // One statement: expired rows of anyone are swept here (logins are rare, and expires_at is indexed), the
    // user's oldest live sessions beyond the limit go, and the new one is added. SKIP LOCKED lets concurrent
    // logins pass each other instead of waiting or deadlocking on the same rows.
    await this.sql`
      WITH expired AS (
        DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE expires_at <= ${at} FOR UPDATE SKIP LOCKED)
      ), surplus AS (
        DELETE FROM sessions WHERE id IN (
          SELECT id FROM sessions WHERE user_id = ${userId} AND expires_at > ${at}
          ORDER BY created_at DESC, id OFFSET ${SESSION_ACTIVE_LIMIT - 1} FOR UPDATE SKIP LOCKED)
      )
      INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (${digest(sid)}, ${userId}, ${at}, ${at + SESSION_MAX_AGE})`;
    return sid;
  }

  async end(sid: string): Promise<void> {
    await this.sql`DELETE FROM sessions WHERE id = ${digest(sid)}`;
  }

  async endAllOf(userIds: number[]): Promise<void> {
    if (userIds.length) await this.sql`DELETE FROM sessions WHERE user_id IN ${this.sql(userIds)}`;
  }

  cookie(data: SessionData, attributes: CookieAttributes): string {
    return this.codec.write(data, attributes);
  }

  clearCookie(attributes: CookieAttributes): string {
    return this.codec.clear(attributes);
  }
}
