import type { Sql } from '../connect.js';
import type { Db } from './db.js';
import { claimAndCredit, type CreditLog, type TopUpCredit } from './top-up-credit.js';

/** A top_ups row (new-api's TopUp): an EPay order, `amount` in units, `money` as asked for. */
export interface TopUpRow {
  id: number;
  user_id: number;
  amount: number;
  money: number;
  trade_no: string;
  create_time: number;
  status: string;
}

export type NewTopUp = Omit<TopUpRow, 'id'>;

export async function insertTopUp(db: Db, order: NewTopUp): Promise<void> {
  await db`INSERT INTO top_ups ${db(order)}`;
}

/** The first order with this trade number, or null. */
export async function topUpByTradeNo(db: Db, tradeNo: string): Promise<TopUpRow | null> {
  const [row] = await db<TopUpRow[]>`SELECT * FROM top_ups WHERE trade_no = ${tradeNo} ORDER BY id LIMIT 1`;
  return row ?? null;
}

export async function topUpStatus(db: Db, id: number): Promise<string | null> {
  const [row] = await db<{ status: string }[]>`SELECT status FROM top_ups WHERE id = ${id}`;
  return row?.status ?? null;
}

/** Marks a pending order of an existing user paid and credits it in one statement; whether this call won. */
export function creditTopUp(
  sql: Sql,
  order: Pick<TopUpRow, 'id' | 'user_id'>,
  credit: TopUpCredit,
  logElsewhere: ((row: CreditLog) => void) | null = null,
): Promise<boolean> {
  return claimAndCredit(
    sql,
    sql`UPDATE top_ups SET status = 'success'
        WHERE id = ${order.id} AND status = 'pending' AND EXISTS (SELECT 1 FROM users WHERE id = ${order.user_id})
        RETURNING id`,
    credit,
    logElsewhere,
  );
}
