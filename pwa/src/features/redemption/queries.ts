import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Redemption, RedemptionCreate, RedemptionStatusUpdate, RedemptionUpdate } from '../../../../core/contracts/redemption';
import { createRedemptions, deleteRedemption, listRedemptions, searchRedemptions, setRedemptionStatus, updateRedemption } from './api';

export interface RedemptionListParams {
  page: number;
  size: number;
  keyword: string;
}

export const redemptionKeys = {
  all: ['redemptions'] as const,
  list: (params: RedemptionListParams) => [...redemptionKeys.all, 'list', params] as const,
};

/** A page of codes; persisted for offline reading with every `key` masked (lib/secret-scrub). */
export const redemptionsQuery = (params: RedemptionListParams) =>
  queryOptions({
    queryKey: redemptionKeys.list(params),
    queryFn: () => (params.keyword ? searchRedemptions(params.keyword, params.page, params.size) : listRedemptions(params.page, params.size)),
    placeholderData: keepPreviousData,
    meta: { persist: true },
  });

function useRedemptionMutation<In, Out>(mutationFn: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: redemptionKeys.all }) });
}

/** The new keys come back once, here; they are never stored. */
export const useCreateRedemptions = () => useRedemptionMutation((body: RedemptionCreate) => createRedemptions(body));
export const useUpdateRedemption = () => useRedemptionMutation((body: RedemptionUpdate) => updateRedemption(body));
export const useSetRedemptionStatus = () => useRedemptionMutation((body: RedemptionStatusUpdate) => setRedemptionStatus(body));

/** One DELETE per code, in order; stops at the first failure. */
export const useDeleteRedemptions = () =>
  useRedemptionMutation(async (codes: Redemption[]) => {
    for (const code of codes) await deleteRedemption(code.id);
    return codes.length;
  });
