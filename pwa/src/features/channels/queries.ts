import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelBatch, ChannelCreate, ChannelTagEdit, ChannelUpdate } from '../../../../core/contracts/channel';
import {
  batchSetTag,
  copyChannel,
  createChannel,
  deleteChannel,
  deleteChannels,
  editTag,
  getChannel,
  getKeyStatus,
  listChannels,
  listEnabledModels,
  manageKey,
  refreshBalance,
  setTagEnabled,
  testChannel,
  updateChannel,
  type ChannelListQuery,
  type KeyAction,
} from './api';

export const channelKeys = {
  all: ['channels'] as const,
  list: (q: ChannelListQuery) => [...channelKeys.all, 'list', q] as const,
  detail: (id: number) => [...channelKeys.all, 'detail', id] as const,
  enabledModels: () => [...channelKeys.all, 'models-enabled'] as const,
  keyStatus: (id: number, page: number) => [...channelKeys.all, 'key-status', id, page] as const,
};

/** A page of channels (keys are blank in list answers, so the page may be kept for offline reading). */
export const channelsQuery = (q: ChannelListQuery) =>
  queryOptions({ queryKey: channelKeys.list(q), queryFn: () => listChannels(q), placeholderData: keepPreviousData, meta: { persist: true } });

export const channelQuery = (id: number) => queryOptions({ queryKey: channelKeys.detail(id), queryFn: () => getChannel(id), enabled: id > 0 });

/** One page of a multi-key channel's key states (previews only; not kept for offline reading). */
export const keyStatusQuery = (id: number, page: number, pageSize: number) =>
  queryOptions({ queryKey: channelKeys.keyStatus(id, page), queryFn: () => getKeyStatus(id, page, pageSize), placeholderData: keepPreviousData });

export const enabledModelsQuery = () => queryOptions({ queryKey: channelKeys.enabledModels(), queryFn: listEnabledModels, staleTime: 60_000 });

/** `silent`: the caller reports failures itself (the global handler stays quiet). */
function useChannelMutation<In, Out>(mutationFn: (input: In) => Promise<Out>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, meta: { silent }, onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }) });
}

export const useCreateChannel = () => useChannelMutation((body: ChannelCreate) => createChannel(body));
export const useUpdateChannel = () => useChannelMutation((body: ChannelUpdate) => updateChannel(body));
export const useDeleteChannel = () => useChannelMutation((id: number) => deleteChannel(id));
export const useDeleteChannels = () => useChannelMutation((ids: number[]) => deleteChannels(ids));
export const useCopyChannel = () => useChannelMutation((id: number) => copyChannel(id), true);
export const useBatchSetTag = () => useChannelMutation((body: ChannelBatch) => batchSetTag(body));
export const useEditTag = () => useChannelMutation((body: ChannelTagEdit) => editTag(body));
export const useSetTagEnabled = () => useChannelMutation(({ tag, enabled }: { tag: string; enabled: boolean }) => setTagEnabled(tag, enabled));
export const useTestChannel = () => useChannelMutation(({ id, model }: { id: number; model: string }) => testChannel(id, model));
export const useRefreshBalance = () => useChannelMutation((id: number) => refreshBalance(id));
export const useManageKey = () =>
  useChannelMutation(({ id, action, index }: { id: number; action: KeyAction; index?: number }) => manageKey(id, action, index));
