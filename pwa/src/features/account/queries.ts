import { queryOptions } from '@tanstack/react-query';
import type { User, UserGroups } from '../../../../core/contracts/user';
import { api } from '../../lib/http-client';

/** The signed-in user's full record (access_token is dropped before anything is persisted). */
export const selfQuery = () =>
  queryOptions({ queryKey: ['user', 'self'], queryFn: () => api.get<User>('/api/user/self'), meta: { persist: true } });

/** Groups the user may use: name → {ratio, desc}. */
export const userGroupsQuery = () =>
  queryOptions({
    queryKey: ['user', 'groups'],
    queryFn: async () => (await api.get<UserGroups | null>('/api/user/self/groups')) ?? {},
    staleTime: 5 * 60_000,
    meta: { persist: true },
  });

/** Models the user can call (`null` from the server means none). */
export const userModelsQuery = () =>
  queryOptions({
    queryKey: ['user', 'models'],
    queryFn: async () => (await api.get<string[] | null>('/api/user/models')) ?? [],
    staleTime: 5 * 60_000,
    meta: { persist: true },
  });
