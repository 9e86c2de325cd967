import type { UserRow } from '../../db/rows.js';

/**
 * A user as new-api's JSON renders it, for every answer except the user's own record: every key present,
 * password always "", deleted_at as DeletedAt. Unlike new-api, no access token and no webhook secret: they
 * would let an admin act as root or sign webhooks as another user.
 */
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
    access_token: null,
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
    setting: settingWithoutSecret(row.setting ?? ''),
  };
}

/** GET /api/user/self: the user's own record, with their access token and whole setting as new-api shows them. */
export function toOwnUserJson(row: Partial<UserRow>): Record<string, unknown> {
  return { ...toUserJson(row), access_token: row.access_token ? row.access_token.trim() : null, setting: row.setting ?? '' };
}

// Parsed rather than pattern-matched, so an escaped key spelling cannot slip through; key order is kept.
function settingWithoutSecret(setting: string): string {
  if (!setting) return setting;
  try {
    const parsed: unknown = JSON.parse(setting);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return '';
    if (!Object.hasOwn(parsed, 'webhook_secret')) return setting;
    const { webhook_secret: _secret, ...rest } = parsed as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return '';
  }
}
