import type { Sql } from '../db/connect.js';
import { ROLE_ADMIN, USER_ENABLED } from '../auth/roles.js';
import type { PushLang } from './admin-event.js';

export interface StoredSubscription {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: PushLang;
}

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: PushLang;
}

/**
 * Saves a browser's subscription for a user. An endpoint belongs to one browser profile: when another
 * account subscribes from it, the row moves to that account (the previous one must not get its alerts).
 */
export async function saveSubscription(sql: Sql, userId: number, s: NewSubscription, now = Math.floor(Date.now() / 1000)): Promise<void> {
  await sql`
    INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, lang, created_at)
    VALUES (${userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${s.lang}, ${now})
    ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, lang = EXCLUDED.lang`;
}

/** Removes the user's own subscription for an endpoint; returns whether one was removed. */
export async function removeSubscription(sql: Sql, userId: number, endpoint: string): Promise<boolean> {
  const rows = await sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint} RETURNING id`;
  return rows.length > 0;
}

/** The push service said the subscription is gone (404/410): nobody can reach that browser through it again. */
export async function dropSubscription(sql: Sql, id: number): Promise<void> {
  await sql`DELETE FROM push_subscriptions WHERE id = ${id}`;
}

export async function subscriptionsOf(sql: Sql, userId: number): Promise<StoredSubscription[]> {
  return sql<StoredSubscription[]>`SELECT id, user_id, endpoint, p256dh, auth, lang FROM push_subscriptions WHERE user_id = ${userId} ORDER BY id`;
}

export interface AdminRecipient extends StoredSubscription {
  /** USD; 0 = no balance alerts */
  channel_balance_threshold: number;
}

/**
 * Every subscription of a current administrator: role ≥ 10, enabled, not deregistered. An admin who was
 * demoted or banned keeps the rows (they may be promoted again) but is not alerted.
 */
export async function adminRecipients(sql: Sql): Promise<AdminRecipient[]> {
  return sql<AdminRecipient[]>`
    SELECT s.id, s.user_id, s.endpoint, s.p256dh, s.auth, s.lang, COALESCE(p.channel_balance_threshold, 0) AS channel_balance_threshold
    FROM push_subscriptions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN push_preferences p ON p.user_id = s.user_id
    WHERE u.role >= ${ROLE_ADMIN} AND u.status = ${USER_ENABLED} AND u.deleted_at IS NULL
    ORDER BY s.id`;
}

export async function balanceThresholdOf(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql<{ channel_balance_threshold: number }[]>`SELECT channel_balance_threshold FROM push_preferences WHERE user_id = ${userId}`;
  return row?.channel_balance_threshold ?? 0;
}

export async function saveBalanceThreshold(sql: Sql, userId: number, threshold: number): Promise<void> {
  await sql`
    INSERT INTO push_preferences (user_id, channel_balance_threshold) VALUES (${userId}, ${threshold})
    ON CONFLICT (user_id) DO UPDATE SET channel_balance_threshold = EXCLUDED.channel_balance_threshold`;
}
