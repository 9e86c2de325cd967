import type postgres from 'postgres';
import { LOG_TOPUP } from '../../db/rows.js';

export type Tx = postgres.TransactionSql<Record<string, never>>;

/**
 * Adds quota to a user and writes the type-1 (top-up) log in the caller's transaction, so a credit never
 * exists without its log or the other way round. Throws when the user is gone, which rolls back the
 * claim of the code or order that paid for it.
 */
export async function creditTopUp(tx: Tx, userId: number, quota: number, content: string, now: number): Promise<void> {
  const [user] = await tx<{ username: string }[]>`UPDATE users SET quota = quota + ${quota} WHERE id = ${userId} RETURNING username`;
  if (!user) throw new Error(`top-up for a missing user ${userId}`);
  await tx`INSERT INTO logs ${tx({ user_id: userId, created_at: now, type: LOG_TOPUP, content, username: user.username })}`;
}
