import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/http-client';

export const noticeQuery = () =>
  queryOptions({ queryKey: ['notice'], queryFn: () => api.get<string>('/api/notice'), staleTime: 5 * 60_000, meta: { silent: true } });

export const homePageContentQuery = () =>
  queryOptions({
    queryKey: ['home-page-content'],
    queryFn: () => api.get<string>('/api/home_page_content'),
    staleTime: 5 * 60_000,
    meta: { silent: true, persist: true },
  });

export const aboutQuery = () =>
  queryOptions({ queryKey: ['about'], queryFn: () => api.get<string>('/api/about'), staleTime: 5 * 60_000, meta: { persist: true } });
