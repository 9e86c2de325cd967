import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRepositoryDb, type RepositoryDb } from '../../../tests/support/repository-db.js';
import { REDEMPTION_STATUS } from '../../contracts/redemption.js';
import type { Sql } from '../connect.js';
import { LOG_CONSUME, LOG_TOPUP } from '../rows.js';
import { deleteOldLogs, listLogs, listLogsWithChannel, logsOfToken, searchLogs, sumLogStat, userLogsOfType } from './logs.js';
import { loadOptions, recordSetup, saveOption } from './options.js';
import {
  getRedemption,
  insertRedemptions,
  listRedemptions,
  redeemForUser,
  redemptionByKey,
  setRedemptionStatus,
  softDeleteRedemption,
  updateUnusedRedemption,
} from './redemptions.js';
import { creditTopUp, insertTopUp, topUpByTradeNo, topUpStatus } from './top-ups.js';
import { getToken, insertToken, listTokens, searchTokens, softDeleteTokens, tokenIdByKey, updateToken } from './tokens.js';
import {
  affCodeOf,
  editUser,
  emailTaken,
  getAnyUser,
  getLiveUser,
  hardDeleteUser,
  insertPlainUser,
  insertUserWithInviter,
  inviterIdOf,
  listUsers,
  resetPasswordsByEmail,
  rootExists,
  setAffCodeIfNone,
  setRoleAndStatus,
  softDeleteUser,
  transferAffQuota,
  updateUser,
  userForLogin,
  usernameOrEmailTaken,
} from './users.js';

// The repositories of the console routes against the real database (PostgreSQL with FERRYMAN_TEST_DB=postgres,
// else the embedded one): row mapping, paging, LIKE escaping, owner scoping and the one-statement claims.

let db: RepositoryDb;
let sql: Sql;

beforeAll(async () => {
  db = await openRepositoryDb();
  sql = db.sql;
}, 240_000);
afterAll(() => db?.close());

const now = () => Math.floor(Date.now() / 1000);
let seq = 0;
/** A fresh user with a unique name; returns its id. */
async function user(fields: Record<string, unknown> = {}): Promise<number> {
  const username = `u${++seq}_${Math.random().toString(36).slice(2, 6)}`;
  await insertPlainUser(sql, { username, password: 'h', display_name: username, ...fields });
  const [row] = await sql<{ id: number }[]>`SELECT id FROM users WHERE username = ${username}`;
  return row!.id;
}
const key48 = () => Array.from({ length: 48 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');

describe('users repository', () => {
  it('maps int8 columns to numbers and finds live or any users', async () => {
    const id = await user({ quota: 9_007_199_254_740_000 });
    const row = await getLiveUser(sql, id);
    expect(typeof row!.id).toBe('number');
    expect(row!.quota).toBe(9_007_199_254_740_000);
    await softDeleteUser(sql, id);
    expect(await getLiveUser(sql, id)).toBeNull();
    expect((await getAnyUser(sql, id))!.deleted_at).toBeInstanceOf(Date);
  });

  it('pages and searches with a literal keyword, counting every match', async () => {
    const ids = [await user({ display_name: 'pct_100%_a' }), await user({ display_name: 'pct_100%_b' }), await user({ display_name: 'pct_1000_c' })];
    const page1 = await listUsers(sql, { offset: 0, limit: 1, keyword: '100%' });
    expect(page1.total).toBe(2);
    expect(page1.rows.map((r) => r.id)).toEqual([ids[1]]);
    expect((await listUsers(sql, { offset: 1, limit: 1, keyword: '100%' })).rows.map((r) => r.id)).toEqual([ids[0]]);
    // `_` is literal too: "pct_1000" does not match "pct_100_".
    expect((await listUsers(sql, { offset: 0, limit: 10, keyword: 'pct_100_' })).total).toBe(0);
    expect((await listUsers(sql, { offset: 0, limit: 10, keyword: String(ids[2]) })).rows.map((r) => r.id)).toContain(ids[2]);
    expect((await listUsers(sql, { offset: 0, limit: 10, keyword: '100%', group: 'nope' })).total).toBe(0);
    const all = await listUsers(sql, { offset: 0, limit: 1000 });
    expect(all.total).toBe(all.rows.length);
  });

  it('signs in by username first, then by email, never a deleted user', async () => {
    const a = await user({ email: 'login@example.com' });
    const [{ username } = { username: '' }] = await sql<{ username: string }[]>`SELECT username FROM users WHERE id = ${a}`;
    expect((await userForLogin(sql, 'login@example.com'))!.id).toBe(a);
    expect((await userForLogin(sql, username))!.id).toBe(a);
    await softDeleteUser(sql, a);
    expect(await userForLogin(sql, 'login@example.com')).toBeNull();
    // Deregistered names and addresses stay taken.
    expect(await usernameOrEmailTaken(sql, username, '')).toBe(true);
    expect(await usernameOrEmailTaken(sql, 'free-name', 'login@example.com')).toBe(true);
    expect(await usernameOrEmailTaken(sql, 'free-name', '')).toBe(false);
    expect(await emailTaken(sql, 'login@example.com')).toBe(true);
    expect(await emailTaken(sql, 'login@example.com', a)).toBe(false);
  });

  it('inserts with a redrawn aff_code and rewards the inviter in one transaction', async () => {
    const inviter = await user();
    await setAffCodeIfNone(sql, inviter, 'TAKE');
    expect(await affCodeOf(sql, inviter)).toBe('TAKE');
    expect(await inviterIdOf(sql, 'TAKE')).toBe(inviter);
    const draws = ['TAKE', 'FREE'];
    const { row, inviter: rewarded } = await insertUserWithInviter(
      sql,
      { username: `invitee${seq++}`, password: 'h', display_name: 'i', inviter_id: inviter },
      { inviterId: inviter, inviterQuota: 70 },
      () => draws.shift()!,
      5,
    );
    expect(row.aff_code).toBe('FREE');
    expect(rewarded!.id).toBe(inviter);
    expect(await getLiveUser(sql, inviter)).toMatchObject({ aff_count: 1, aff_quota: 70, aff_history: 70 });
  });

  it('rolls the inviter reward back when the user cannot be inserted', async () => {
    const inviter = await user();
    const taken = (await getLiveUser(sql, inviter))!.username;
    await expect(
      insertUserWithInviter(sql, { username: taken, password: 'h', display_name: 'x' }, { inviterId: inviter, inviterQuota: 5 }, () => `C${seq++}`, 3),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await getLiveUser(sql, inviter))!.aff_quota).toBe(0);
  });

  it('edits with COALESCE and a quota delta; role, status and deletes', async () => {
    const id = await user({ quota: 100 });
    await sql`UPDATE users SET quota = quota - 30 WHERE id = ${id}`; // a charge landing meanwhile
    await editUser(sql, id, { username: null, display_name: 'New', group: null, password: null, quotaDelta: 50 });
    expect(await getLiveUser(sql, id)).toMatchObject({ display_name: 'New', quota: 120, group: 'default' });
    // Undefined columns are left out; an empty patch writes nothing.
    await updateUser(sql, id, { display_name: undefined, setting: '{"notify_type":"email"}' });
    await updateUser(sql, id, {});
    expect(await getLiveUser(sql, id)).toMatchObject({ display_name: 'New', setting: '{"notify_type":"email"}' });
    await setRoleAndStatus(sql, id, 10, 2, false);
    expect(await getLiveUser(sql, id)).toMatchObject({ role: 10, status: 2 });
    await setRoleAndStatus(sql, id, 10, 2, true);
    expect(await getLiveUser(sql, id)).toBeNull();
    await hardDeleteUser(sql, id);
    expect(await getAnyUser(sql, id)).toBeNull();
  });

  it('transfers invitation earnings once however many transfers race', async () => {
    const id = await user({ aff_quota: 100, quota: 0 });
    const results = await Promise.all(Array.from({ length: 5 }, () => transferAffQuota(sql, id, 60)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await getLiveUser(sql, id)).toMatchObject({ aff_quota: 40, quota: 60 });
  });

  it('resets the password of live users with the address and revokes their access tokens', async () => {
    const a = await user({ email: 'reset@example.com', access_token: `tok${seq}` });
    const b = await user({ email: 'reset@example.com' });
    await softDeleteUser(sql, b);
    expect(await resetPasswordsByEmail(sql, 'reset@example.com', 'newhash')).toEqual([a]);
    expect(await getLiveUser(sql, a)).toMatchObject({ password: 'newhash', access_token: null });
  });

  it('knows whether a live root exists', async () => {
    const before = await rootExists(sql);
    const id = await user({ role: 100 });
    expect(await rootExists(sql)).toBe(true);
    await softDeleteUser(sql, id);
    expect(await rootExists(sql)).toBe(before);
  });
});

describe('tokens repository', () => {
  const newToken = (userId: number, name: string) =>
    insertToken(sql, { user_id: userId, key: key48(), name, created_time: now(), accessed_time: now(), expired_time: -1, remain_quota: 5, unlimited_quota: false });

  it('scopes every read and write to the owner', async () => {
    const alice = await user();
    const bob = await user();
    await newToken(alice, 'a1');
    const [mine] = await listTokens(sql, alice, { offset: 0, limit: 10 });
    expect(mine).toMatchObject({ name: 'a1', user_id: alice, status: 1, remain_quota: 5, model_limits: '', group: '' });
    expect(await getToken(sql, bob, mine!.id)).toBeNull();
    expect(await updateToken(sql, bob, mine!.id, { name: 'stolen' })).toBeNull();
    expect(await softDeleteTokens(sql, bob, [mine!.id])).toEqual([]);
    expect((await updateToken(sql, alice, mine!.id, { name: 'renamed', remain_quota: 9 }))!).toMatchObject({ name: 'renamed', remain_quota: 9 });
    expect(await tokenIdByKey(sql, mine!.key)).toBe(mine!.id);
    expect(await softDeleteTokens(sql, alice, [mine!.id, 999_999])).toEqual([mine!.id]);
    expect(await getToken(sql, alice, mine!.id)).toBeNull();
    // A deleted token's key still finds its id: its logs stay readable.
    expect(await tokenIdByKey(sql, mine!.key)).toBe(mine!.id);
  });

  it('pages newest first and searches names and keys literally', async () => {
    const owner = await user();
    for (const name of ['x_1', 'x%2', 'xy3']) await newToken(owner, name);
    expect((await listTokens(sql, owner, { offset: 1, limit: 1 })).map((t) => t.name)).toEqual(['x%2']);
    expect((await searchTokens(sql, owner, { name: 'x_', key: '' })).map((t) => t.name)).toEqual(['x_1']);
    expect((await searchTokens(sql, owner, { name: '%', key: '' })).map((t) => t.name)).toEqual(['x%2']);
    const [t] = await listTokens(sql, owner, { offset: 0, limit: 1 });
    expect((await searchTokens(sql, owner, { name: '', key: t!.key.slice(5, 20) })).map((r) => r.id)).toEqual([t!.id]);
  });
});

describe('redemptions repository', () => {
  const code = (name: string, quota = 10) => ({ user_id: 1, key: key48().slice(0, 32), status: REDEMPTION_STATUS.unused, name, quota, created_time: now() });

  it('lists by page with a total, and searches by literal name prefix or id', async () => {
    await insertRedemptions(sql, [code('r_a'), code('r%b'), code('rzc')]);
    const { rows, total } = await listRedemptions(sql, { offset: 0, limit: 2 });
    expect(total).toBeGreaterThanOrEqual(3);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.id).toBeGreaterThan(rows[1]!.id);
    expect((await listRedemptions(sql, { offset: 0, limit: 10, keyword: 'r_' })).rows.map((r) => r.name)).toEqual(['r_a']);
    const one = (await listRedemptions(sql, { offset: 0, limit: 10, keyword: 'rz' })).rows[0]!;
    expect((await listRedemptions(sql, { offset: 0, limit: 10, keyword: String(one.id) })).rows.map((r) => r.id)).toContain(one.id);
  });

  it('edits only unused codes and never re-enables a used one', async () => {
    await insertRedemptions(sql, [code('edit-me')]);
    const row = (await listRedemptions(sql, { offset: 0, limit: 1, keyword: 'edit-me' })).rows[0]!;
    expect(await updateUnusedRedemption(sql, row.id, { name: 'edited', quota: 7 })).toMatchObject({ name: 'edited', quota: 7 });
    expect((await setRedemptionStatus(sql, row.id, REDEMPTION_STATUS.disabled))!.status).toBe(REDEMPTION_STATUS.disabled);
    expect(await updateUnusedRedemption(sql, row.id, { name: 'no', quota: 1 })).toBeNull();
    await sql`UPDATE redemptions SET status = ${REDEMPTION_STATUS.used} WHERE id = ${row.id}`;
    expect(await setRedemptionStatus(sql, row.id, REDEMPTION_STATUS.unused)).toBeNull();
    expect(await softDeleteRedemption(sql, row.id)).toBe(true);
    expect(await softDeleteRedemption(sql, row.id)).toBe(false);
    expect(await getRedemption(sql, row.id)).toBeNull();
  });

  it('redeems a code exactly once across concurrent claims, crediting quota and a top-up log', async () => {
    const users = [await user(), await user(), await user()];
    const c = code('race', 500);
    await insertRedemptions(sql, [c]);
    const found = (await redemptionByKey(sql, c.key))!;
    const wins = await Promise.all(
      users.map((u) => redeemForUser(sql, found, { userId: u, quota: found.quota, content: `redeemed ${found.id}`, now: now() })),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
    const winner = users[wins.indexOf(true)]!;
    expect((await getLiveUser(sql, winner))!.quota).toBe(500);
    expect(await getRedemption(sql, found.id)).toMatchObject({ status: REDEMPTION_STATUS.used, used_user_id: winner });
    expect(await sql`SELECT 1 FROM logs WHERE user_id = ${winner} AND type = ${LOG_TOPUP} AND content = ${`redeemed ${found.id}`}`).toHaveLength(1);
  });

  it('does not claim a code whose quota changed since it was read', async () => {
    const u = await user();
    const c = code('repriced', 10);
    await insertRedemptions(sql, [c]);
    const found = (await redemptionByKey(sql, c.key))!;
    await updateUnusedRedemption(sql, found.id, { name: 'repriced', quota: 20 });
    expect(await redeemForUser(sql, found, { userId: u, quota: found.quota, content: 'x', now: now() })).toBe(false);
    expect((await getRedemption(sql, found.id))!.status).toBe(REDEMPTION_STATUS.unused);
  });
});

describe('top-ups repository', () => {
  it('credits a pending order once and never an order of a missing user', async () => {
    const u = await user();
    const tradeNo = `T${seq++}${Date.now()}`;
    await insertTopUp(sql, { user_id: u, amount: 3, money: 2.5, trade_no: tradeNo, create_time: now(), status: 'pending' });
    const order = (await topUpByTradeNo(sql, tradeNo))!;
    expect(order).toMatchObject({ amount: 3, money: 2.5, status: 'pending' });
    const wins = await Promise.all([1, 2, 3].map(() => creditTopUp(sql, order, { userId: u, quota: 30, content: 'paid', now: now() })));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await topUpStatus(sql, order.id)).toBe('success');
    expect((await getLiveUser(sql, u))!.quota).toBe(30);

    const ghost = `G${seq++}${Date.now()}`;
    await insertTopUp(sql, { user_id: 987_654_321, amount: 1, money: 1, trade_no: ghost, create_time: now(), status: 'pending' });
    const orphan = (await topUpByTradeNo(sql, ghost))!;
    expect(await creditTopUp(sql, orphan, { userId: orphan.user_id, quota: 1, content: 'x', now: now() })).toBe(false);
    expect(await topUpStatus(sql, orphan.id)).toBe('pending');
  });

  it('with the logs in another database, credits once and hands the winner’s log over instead of writing it', async () => {
    const u = await user();
    const tradeNo = `L${seq++}${Date.now()}`;
    await insertTopUp(sql, { user_id: u, amount: 2, money: 1, trade_no: tradeNo, create_time: now(), status: 'pending' });
    const order = (await topUpByTradeNo(sql, tradeNo))!;
    const handed: unknown[] = [];
    const t = now();
    const wins = await Promise.all([1, 2].map(() => creditTopUp(sql, order, { userId: u, quota: 20, content: 'paid elsewhere', now: t }, (row) => handed.push(row))));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect((await getLiveUser(sql, u))!.quota).toBe(20);
    const [owner] = await sql<{ username: string }[]>`SELECT username FROM users WHERE id = ${u}`;
    expect(handed).toEqual([{ user_id: u, created_at: t, type: LOG_TOPUP, content: 'paid elsewhere', username: owner!.username }]);
    expect(await sql`SELECT 1 FROM logs WHERE user_id = ${u}`).toHaveLength(0);
  });
});

describe('logs repository', () => {
  let u: number;
  let channelId: number;
  beforeAll(async () => {
    u = await user();
    const [ch] = await sql<{ id: number }[]>`INSERT INTO channels (name, key, models, "group") VALUES ('log-ch', 'k', 'm', 'default') RETURNING id`;
    channelId = ch!.id;
    const t = now();
    await sql`INSERT INTO logs ${sql([
      { user_id: u, created_at: t - 10, type: LOG_CONSUME, content: 'c1', username: 'lu', model_name: 'gpt-4o', quota: 7, prompt_tokens: 3, completion_tokens: 4, channel_id: channelId, token_id: 42 },
      { user_id: u, created_at: t - 3600, type: LOG_CONSUME, content: 'c2', username: 'lu', model_name: 'gpt-4o-mini', quota: 5, prompt_tokens: 1, completion_tokens: 1, channel_id: 0, token_id: 42 },
      { user_id: u, created_at: t - 5, type: LOG_TOPUP, content: '100% top_up', username: 'lu', model_name: '', quota: 0, prompt_tokens: 0, completion_tokens: 0, channel_id: 0, token_id: 0 },
    ])}`;
  });

  it('filters, pages and counts, joining the channel name for the admin list', async () => {
    const consume = await listLogs(sql, { type: LOG_CONSUME, userId: u }, { offset: 0, limit: 1 });
    expect(consume.total).toBe(2);
    // Newest row first (by id, as new-api), not by created_at.
    expect(consume.rows.map((r) => r.content)).toEqual(['c2']);
    // model_name is a LIKE pattern as given (the console sends `gpt-4o%`).
    expect((await listLogs(sql, { type: 0, userId: u, modelName: 'gpt-4o%' }, { offset: 0, limit: 10 })).total).toBe(2);
    expect((await listLogs(sql, { type: 0, userId: u, modelName: 'gpt-4o' }, { offset: 0, limit: 10 })).total).toBe(1);
    const withChannel = await listLogsWithChannel(sql, sql, { type: LOG_CONSUME, userId: u }, { offset: 0, limit: 10 });
    expect(withChannel.rows.map((r) => r.channel_name)).toEqual([null, 'log-ch']);
  });

  it('searches content by literal prefix or type, and by owner and type', async () => {
    expect((await searchLogs(sql, { type: -1, contentPrefix: '100%', limit: 10 })).map((r) => r.content)).toEqual(['100% top_up']);
    expect(await searchLogs(sql, { type: -1, contentPrefix: '1_0', limit: 10 })).toEqual([]);
    expect((await userLogsOfType(sql, u, LOG_CONSUME, 1)).map((r) => r.content)).toEqual(['c2']);
    expect((await logsOfToken(sql, 42, 10)).map((r) => r.content)).toEqual(['c2', 'c1']);
  });

  it('sums quota over consume logs and rpm/tpm over the last minute', async () => {
    expect(await sumLogStat(sql, { type: 0, userId: u }, now())).toEqual({ quota: 12, rpm: 1, tpm: 7 });
  });

  it('deletes old logs in chunks and counts them all', async () => {
    const v = await user();
    await sql`INSERT INTO logs ${sql(Array.from({ length: 5 }, (_, i) => ({ user_id: v, created_at: 100 + i, type: 2 })))}`;
    expect(await deleteOldLogs(sql, 1000, 2)).toBe(5);
    expect(await sql`SELECT 1 FROM logs WHERE created_at < 1000`).toHaveLength(0);
  });
});

describe('options repository', () => {
  it('saves, overwrites and loads options; records the setup', async () => {
    await saveOption(sql, 'RepoTestKey', 'one');
    await saveOption(sql, 'RepoTestKey', 'two');
    await sql`INSERT INTO options (key, value) VALUES ('RepoNullKey', NULL)`;
    const all = await loadOptions(sql);
    expect(all.find((o) => o.key === 'RepoTestKey')).toEqual({ key: 'RepoTestKey', value: 'two' });
    expect(all.find((o) => o.key === 'RepoNullKey')).toEqual({ key: 'RepoNullKey', value: '' });
    await recordSetup(sql, 'v-test', 123);
    expect(await sql`SELECT 1 FROM setups WHERE version = 'v-test' AND initialized_at = 123`).toHaveLength(1);
  });
});
