import { newTokenKey } from '../../auth/random-key.js';
import { TOKEN_NAME_TOO_LONG, tokenInputSchema, tokenNameTooLong } from '../../contracts/token.js';
import { getToken, insertToken, updateToken as writeToken, type TokenPatch } from '../../db/repositories/tokens.js';
import { parseBody, requireUser, type ApiContext, type AuthUser } from '../api-context.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { parseAllowIps } from './allow-ips.js';
import { mayUseTokenGroup, tokenGroupRefused } from './token-group.js';
import { tokenJson } from './token-json.js';

const mayUse = (c: ApiContext, me: AuthUser, group: string): boolean =>
  mayUseTokenGroup(c.app.options.json<Record<string, string>>('UserUsableGroups'), me.group, group);

/** POST /api/token/ — new-api's fields, plus Ferryman's checks of allow_ips and group. No data. */
export async function createToken(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parseBody(c, tokenInputSchema);
  if (tokenNameTooLong(input.name)) return fail(TOKEN_NAME_TOO_LONG);
  const ips = parseAllowIps(input.allow_ips);
  if (!ips.ok) return fail(ips.message);
  const group = input.group ?? '';
  if (!mayUse(c, me, group)) return fail(tokenGroupRefused(group));
  const now = Math.floor(Date.now() / 1000);
  await insertToken(c.app.sql, {
    user_id: me.id,
    key: newTokenKey(),
    status: 1,
    name: input.name ?? '',
    created_time: now,
    accessed_time: now,
    expired_time: input.expired_time ?? -1,
    remain_quota: input.remain_quota ?? 0,
    unlimited_quota: input.unlimited_quota ?? false,
    model_limits_enabled: input.model_limits_enabled ?? false,
    model_limits: input.model_limits ?? '',
    allow_ips: ips.value,
    group,
  });
  return ok();
}

/**
 * PUT /api/token/ — full edit, or ?status_only= to change the status alone. Only the caller's own tokens
 * are found; another user's id is "record not found", exactly like a missing one.
 */
export async function updateToken(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parseBody(c, tokenInputSchema);
  if (!input.id) return fail('无效的参数');
  if (tokenNameTooLong(input.name)) return fail(TOKEN_NAME_TOO_LONG);
  const cur = await getToken(c.app.sql, me.id, input.id);
  if (!cur) return fail('record not found');
  const now = Math.floor(Date.now() / 1000);
  if (input.status === 1) {
    if (cur.status === 3 && cur.expired_time <= now && cur.expired_time !== -1)
      return fail('令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期');
    if (cur.status === 4 && cur.remain_quota <= 0 && !cur.unlimited_quota)
      return fail('令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度');
  }
  let patch: TokenPatch;
  if (c.query.has('status_only')) {
    patch = { status: input.status ?? cur.status };
  } else {
    // Stored allow-lists predate validation only if written by new-api; they are checked when resent.
    const ips = input.allow_ips === undefined ? { ok: true as const, value: cur.allow_ips ?? '' } : parseAllowIps(input.allow_ips);
    if (!ips.ok) return fail(ips.message);
    // A group the user can no longer use may stay on the token (the relay refuses it); moving to one is checked.
    const group = input.group ?? cur.group;
    if (group !== cur.group && !mayUse(c, me, group)) return fail(tokenGroupRefused(group));
    patch = {
      name: input.name ?? cur.name,
      expired_time: input.expired_time ?? cur.expired_time,
      remain_quota: input.remain_quota ?? cur.remain_quota,
      unlimited_quota: input.unlimited_quota ?? cur.unlimited_quota,
      model_limits_enabled: input.model_limits_enabled ?? cur.model_limits_enabled,
      model_limits: input.model_limits ?? cur.model_limits,
      allow_ips: ips.value,
      group,
    };
  }
  const row = await writeToken(c.app.sql, me.id, cur.id, patch);
  if (!row) return fail('record not found');
  // a full edit sets remain_quota, which cancels the slices leased from the token on every node
  c.app.invalidation.publish(patch.remain_quota === undefined ? 'token' : 'token_quota', cur.id);
  return ok(tokenJson(row));
}
