import type postgres from 'postgres';
import type { Sql } from '../connect.js';
import { LOG_TOPUP } from '../rows.js';

export interface TopUpCredit {
  userId: number;
  quota: number;
  /** the type-1 log text */
  content: string;
  now: number;
}

/** The type-1 log of a credit, for a log database apart from the main one (LOG_SQL_DSN). */
export interface CreditLog {
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
}

/**
 * Claims what pays for a top-up (a redemption code, an order) and credits the user with its type-1 log,
 * in ONE statement — so the three happen together or not at all, with no multi-statement transaction.
 * `claim` is a conditional UPDATE … RETURNING that matches only while the thing is still unclaimed: of
 * concurrent claims exactly one returns a row (the others re-check the condition after the winner
 * commits), and only that one credits. The claim must also require the user to exist, so it never
 * consumes a code or an order that cannot be credited. Returns whether this call won.
 *
 * With the logs in another database (`logElsewhere` given), the statement cannot write the log: the
 * winner hands it to `logElsewhere` (the batched log writer) once the credit is committed, as new-api
 * records it after the credit.
 *
 * (One statement also matters for the embedded database: PGlite serves every connection through one
 * session, and concurrent BEGIN … COMMIT blocks from several pooled connections interleave there.)
 */
export async function claimAndCredit(
  sql: Sql,
  claim: postgres.PendingQuery<postgres.Row[]>,
  credit: TopUpCredit,
  logElsewhere: ((row: CreditLog) => void) | null = null,
): Promise<boolean> {
  const creditUser = sql`
    UPDATE users SET quota = quota + ${credit.quota}
    WHERE id = ${credit.userId} AND EXISTS (SELECT 1 FROM claimed)
    RETURNING username`;
  if (logElsewhere) {
    const [won] = await sql<{ username: string }[]>`WITH claimed AS (${claim}) ${creditUser}`;
    if (won) logElsewhere({ user_id: credit.userId, created_at: credit.now, type: LOG_TOPUP, content: credit.content, username: won.username });
    return won !== undefined;
  }
  const rows = await sql`
    WITH claimed AS (${claim}), credited AS (${creditUser})
    INSERT INTO logs (user_id, created_at, type, content, username)
    SELECT ${credit.userId}, ${credit.now}, ${LOG_TOPUP}, ${credit.content}, username FROM credited
    RETURNING id`;
  return rows.length > 0;
}
