import type { UserRow } from '../../db/rows.js';

/** A user as new-api's JSON renders it: every key present, password always "", deleted_at as DeletedAt. */
export function toUserJson(row: Partial<UserRow>): Record<string, unknown> {
  return {
    id: row.id ?? 0,
    username: row.username ?? '',
    password: '',
    display_name: row.display_name ?? '',
    role: row.role ?? 0,
    status: row.status ?? 0,
    email: row.email ?? '',
    github_id: row.github_id ?? '',
    oidc_id: row.oidc_id ?? '',
    wechat_id: row.wechat_id ?? '',
    telegram_id: row.telegram_id ?? '',
    linux_do_id: row.linux_do_id ?? '',
    verification_code: '',
    access_token: row.access_token ? row.access_token.trim() : null,
    quota: row.quota ?? 0,
    used_quota: row.used_quota ?? 0,
    request_count: row.request_count ?? 0,
    group: row.group ?? '',
    aff_code: row.aff_code ?? '',
    aff_count: row.aff_count ?? 0,
    aff_quota: row.aff_quota ?? 0,
    aff_history_quota: row.aff_history ?? 0,
    inviter_id: row.inviter_id ?? 0,
    DeletedAt: row.deleted_at ?? null,
    setting: row.setting ?? '',
  };
}
