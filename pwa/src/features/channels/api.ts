import type { Channel, ChannelBatch, ChannelCreate, ChannelTagEdit, ChannelUpdate, KeyStatusPage } from '../../../../core/contracts/channel';
import type { Envelope } from '../../../../core/contracts/envelope';
import { api, request, unwrap } from '../../lib/http-client';
import { BusinessError } from '../../lib/http-errors';

export interface ChannelListQuery {
  /** 1-based here; the server's `p` is zero-based. */
  page: number;
  size: number;
  keyword: string;
  model: string;
  group: string;
  idSort: boolean;
  tagMode: boolean;
}

/** The list when no filter is set, else the (unpaged) search; both answer a plain array. */
export function listChannels(q: ChannelListQuery): Promise<Channel[]> {
  const view = { id_sort: q.idSort, tag_mode: q.tagMode };
  if (q.keyword || q.model || q.group) return api.get<Channel[]>('/api/channel/search', { keyword: q.keyword, model: q.model, group: q.group, ...view });
  return api.get<Channel[]>('/api/channel/', { p: q.page - 1, page_size: q.size, ...view });
}

export const getChannel = (id: number) => api.get<Channel>(`/api/channel/${id}`);
export const createChannel = (body: ChannelCreate) => api.post<unknown>('/api/channel/', body);
export const updateChannel = (body: ChannelUpdate) => api.put<Channel>('/api/channel/', body);
export const deleteChannel = (id: number) => api.delete<undefined>(`/api/channel/${id}`);
export const deleteChannels = (ids: number[]) => api.post<number>('/api/channel/batch', { ids });
export const copyChannel = (id: number) => api.post<{ id: number }>(`/api/channel/copy/${id}`, {}, { reset_balance: true });
export const batchSetTag = (body: ChannelBatch) => api.post<number>('/api/channel/batch/tag', body);
export const editTag = (body: ChannelTagEdit) => api.put<undefined>('/api/channel/tag', body);
export const setTagEnabled = (tag: string, enabled: boolean) => api.post<undefined>(`/api/channel/tag/${enabled ? 'enabled' : 'disabled'}`, { tag });
export const fetchUpstreamModels = (body: { base_url: string; type: number; key: string }) => api.post<string[]>('/api/channel/fetch_models', body);
export const fetchChannelModels = (id: number) => api.get<string[]>(`/api/channel/fetch_models/${id}`);
export const listEnabledModels = () => api.get<string[]>('/api/channel/models_enabled');

/** Test and balance answer their figures at the top level of the envelope, not in `data`. */
interface TopLevel {
  success: boolean;
  message?: string;
  time?: number;
  balance?: number;
}

async function topLevel(path: string, params?: Record<string, string>): Promise<TopLevel> {
  const body = await request<TopLevel>('GET', path, { params });
  if (!body?.success) throw new BusinessError(body?.message ?? '');
  return body;
}

/** Seconds the test request took. */
export const testChannel = (id: number, model: string) => topLevel(`/api/channel/test/${id}`, model ? { model } : undefined).then((r) => r.time ?? 0);
export const refreshBalance = (id: number) => topLevel(`/api/channel/update_balance/${id}`).then((r) => r.balance ?? 0);

/** A page of a multi-key channel's keys as multi_key/manage get_key_status answers it (previews, never keys). */
export type KeyAction = 'enable_key' | 'disable_key' | 'enable_all_keys' | 'delete_disabled_keys';

const MANAGE_KEYS = '/api/channel/multi_key/manage';

export const getKeyStatus = (channelId: number, page: number, pageSize: number) =>
  api.post<KeyStatusPage>(MANAGE_KEYS, { channel_id: channelId, action: 'get_key_status', page, page_size: pageSize });

/** A key change; resolves to the server's message (it carries the counts, e.g. 已启用 2 个密钥). */
export async function manageKey(channelId: number, action: KeyAction, keyIndex?: number): Promise<string> {
  const body = await request<Envelope<unknown>>('POST', MANAGE_KEYS, { body: { channel_id: channelId, action, key_index: keyIndex } });
  unwrap(body);
  return body.message ?? '';
}
