import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listTokens, searchTokens } from './api';

export interface TokenListParams {
  /** 1-based page as shown in the URL. */
  page: number;
  size: number;
  keyword: string;
  token: string;
}

/** The token list; persisted for offline use with keys masked (see lib/query-persistence). */
export const tokensQuery = (params: TokenListParams) =>
  queryOptions({
    queryKey: ['tokens', params],
    queryFn: async () => {
      if (params.keyword || params.token) {
        const all = await searchTokens(params.keyword, params.token);
        return { rows: all.slice((params.page - 1) * params.size, params.page * params.size), total: all.length as number | undefined };
      }
      return { rows: await listTokens(params.page - 1, params.size), total: undefined as number | undefined };
    },
    placeholderData: keepPreviousData,
    meta: { persist: true },
  });

/** Used by the chat pages: the first page of 100, read for an enabled key. */
export const chatTokensQuery = () =>
  queryOptions({ queryKey: ['tokens', 'chat'], queryFn: () => listTokens(0, 100), staleTime: 30_000 });
