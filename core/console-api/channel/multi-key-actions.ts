import { CHANNEL_STATUS, type ChannelInfo, type KeyStatus, type KeyStatusPage, type MultiKeyManage } from '../../contracts/channel.js';
import { keyStatusOf, removeKeys, setKeyStatus } from '../../db/repositories/channel-info.js';

/** What a multi_key/manage action comes to: a refusal, a page to show, or new keys and state to store. */
export type ManageOutcome =
  | { kind: 'fail'; message: string }
  | { kind: 'read'; data: KeyStatusPage }
  | { kind: 'write'; message: string; data?: number; keys: string[]; info: ChannelInfo };

/** At most the first 10 characters of a key, so an admin can tell keys apart without seeing them. */
export const keyPreview = (key: string): string => (key.length > 10 ? `${key.slice(0, 10)}...` : key);

function statusPage(keys: string[], info: ChannelInfo, req: MultiKeyManage): KeyStatusPage {
  const all = keys.map((key, index): KeyStatus => {
    const status = keyStatusOf(info, index);
    const entry: KeyStatus = { index, status, key_preview: keyPreview(key) };
    if (status !== CHANNEL_STATUS.enabled) {
      const time = info.multi_key_disabled_time?.[String(index)];
      const reason = info.multi_key_disabled_reason?.[String(index)];
      if (time) entry.disabled_time = time;
      if (reason) entry.reason = reason;
    }
    return entry;
  });
  const count = (s: number) => all.filter((k) => k.status === s).length;
  const filtered = req.status === undefined || req.status === null ? all : all.filter((k) => k.status === req.status);
  const pageSize = req.page_size && req.page_size > 0 ? req.page_size : 50;
  const totalPages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const page = Math.min(req.page && req.page > 0 ? req.page : 1, totalPages);
  return {
    keys: filtered.slice((page - 1) * pageSize, page * pageSize),
    total: filtered.length,
    page,
    page_size: pageSize,
    total_pages: totalPages,
    enabled_count: count(CHANNEL_STATUS.enabled),
    manual_disabled_count: count(CHANNEL_STATUS.manuallyDisabled),
    auto_disabled_count: count(CHANNEL_STATUS.autoDisabled),
  };
}

const fail = (message: string): ManageOutcome => ({ kind: 'fail', message });

/** The index a single-key action names, or its refusal (new-api's messages per action). */
function indexOf(keys: string[], req: MultiKeyManage, missing: string): number | ManageOutcome {
  if (req.key_index === undefined || req.key_index === null) return fail(missing);
  if (req.key_index < 0 || req.key_index >= keys.length) return fail('密钥索引超出范围');
  return req.key_index;
}

/**
 * new-api's multi-key management, as a pure step over a channel's keys and channel_info. A manual disable
 * is status 2; automatic ones (status 3, with reason and time) come from the relay and are what
 * delete_disabled_keys removes. Deleting keys moves the state of the later keys down with them.
 */
export function manageKeys(keys: string[], info: ChannelInfo, req: MultiKeyManage, now: number): ManageOutcome {
  switch (req.action) {
    case 'get_key_status':
      return { kind: 'read', data: statusPage(keys, info, req) };
    case 'disable_key': {
      const i = indexOf(keys, req, '未指定要禁用的密钥索引');
      if (typeof i !== 'number') return i;
      return { kind: 'write', message: '密钥已禁用', keys, info: setKeyStatus(info, i, CHANNEL_STATUS.manuallyDisabled, undefined, now) };
    }
    case 'enable_key': {
      const i = indexOf(keys, req, '未指定要启用的密钥索引');
      if (typeof i !== 'number') return i;
      return { kind: 'write', message: '密钥已启用', keys, info: setKeyStatus(info, i, CHANNEL_STATUS.enabled) };
    }
    case 'enable_all_keys': {
      const n = Object.keys(info.multi_key_status_list ?? {}).length;
      const cleared = { ...info, multi_key_status_list: {}, multi_key_disabled_reason: {}, multi_key_disabled_time: {} };
      return { kind: 'write', message: `已启用 ${n} 个密钥`, keys, info: cleared };
    }
    case 'disable_all_keys': {
      const enabled = keys.map((_, i) => i).filter((i) => keyStatusOf(info, i) === CHANNEL_STATUS.enabled);
      if (enabled.length === 0) return fail('没有可禁用的密钥');
      const next = enabled.reduce((acc, i) => setKeyStatus(acc, i, CHANNEL_STATUS.manuallyDisabled, undefined, now), info);
      return { kind: 'write', message: `已禁用 ${enabled.length} 个密钥`, keys, info: next };
    }
    case 'delete_key': {
      const i = indexOf(keys, req, '未指定要删除的密钥索引');
      if (typeof i !== 'number') return i;
      if (keys.length === 1) return fail('不能删除最后一个密钥');
      return { kind: 'write', message: '密钥已删除', ...removeKeys(keys, info, (k) => k === i) };
    }
    case 'delete_disabled_keys': {
      const auto = (k: number) => keyStatusOf(info, k) === CHANNEL_STATUS.autoDisabled;
      const n = keys.filter((_, k) => auto(k)).length;
      if (n === 0) return fail('没有需要删除的自动禁用密钥');
      if (n === keys.length) return fail('不能删除最后一个密钥');
      return { kind: 'write', message: `已删除 ${n} 个自动禁用的密钥`, data: n, ...removeKeys(keys, info, auto) };
    }
    default:
      return fail('不支持的操作');
  }
}
