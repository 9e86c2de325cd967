import type { Db } from './db.js';

/** A live user's stored password hash ("" when none, as for OAuth-only accounts), or null when no such user. */
export async function passwordHashOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db<{ password: string }[]>`SELECT password FROM users WHERE id = ${userId} AND deleted_at IS NULL`;
  return row ? row.password : null;
}
