import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserCreate, AdminUserUpdate, UserManage } from '../../../../core/contracts/admin-user';
import type { Page } from '../../../../core/contracts/envelope';
import type { User } from '../../../../core/contracts/user';
import { createUser, getUser, listGroups, listUsers, manageUser, searchUsers, updateUser } from './api';

export interface UserListParams {
  page: number;
  size: number;
  keyword: string;
  group: string;
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  groups: () => [...userKeys.all, 'groups'] as const,
};

export const usersQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: () => (params.keyword || params.group ? searchUsers(params.keyword, params.group, params.page, params.size) : listUsers(params.page, params.size)),
    placeholderData: keepPreviousData,
    meta: { persist: true },
  });

/** Read fresh when the edit drawer opens: the list may be older than the user. */
export const userQuery = (id: number) => queryOptions({ queryKey: userKeys.detail(id), queryFn: () => getUser(id), staleTime: 0 });

export const groupsQuery = () => queryOptions({ queryKey: userKeys.groups(), queryFn: listGroups, staleTime: 5 * 60_000, meta: { persist: true } });

function useUserMutation<In, Out>(mutationFn: (input: In) => Promise<Out>, onSuccess?: (out: Out, input: In) => void) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess, onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }) });
}

export const useCreateUser = () => useUserMutation((body: AdminUserCreate) => createUser(body));
export const useUpdateUser = () => useUserMutation((body: AdminUserUpdate) => updateUser(body));

/** The answer's role and status go into the row at once; delete marks the row deregistered. */
export function useManageUser() {
  const queryClient = useQueryClient();
  return useUserMutation(
    (body: UserManage) => manageUser(body),
    (answer, { id, action }) =>
      queryClient.setQueriesData<Page<User>>({ queryKey: userKeys.lists() }, (page) =>
        page
          ? { ...page, items: (page.items ?? []).map((u) => (u.id === id ? { ...u, role: answer.role, status: answer.status, DeletedAt: action === 'delete' ? new Date().toISOString() : u.DeletedAt } : u)) }
          : page,
      ),
  );
}
