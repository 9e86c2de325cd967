import type { AdminUserCreate, AdminUserUpdate, UserManage } from '../../../../core/contracts/admin-user';
import type { Page } from '../../../../core/contracts/envelope';
import type { User } from '../../../../core/contracts/user';
import { api } from '../../lib/http-client';

/** `p` is 1-based; deregistered users are included (they carry DeletedAt). */
export const listUsers = (p: number, pageSize: number) => api.get<Page<User>>('/api/user/', { p, page_size: pageSize });

/** Keyword over id, username, e-mail and display name, optionally within one group. */
export const searchUsers = (keyword: string, group: string, p: number, pageSize: number) =>
  api.get<Page<User>>('/api/user/search', { keyword, group, p, page_size: pageSize });

export const getUser = (id: number) => api.get<User>(`/api/user/${id}`);
export const createUser = (body: AdminUserCreate) => api.post<undefined>('/api/user/', body);
export const updateUser = (body: AdminUserUpdate) => api.put<undefined>('/api/user/', body);

/** data is a user whose role and status are the new ones (its other fields are empty). */
export const manageUser = (body: UserManage) => api.post<Pick<User, 'role' | 'status'>>('/api/user/manage', body);

/** The GroupRatio group names. */
export const listGroups = () => api.get<string[] | null>('/api/group/').then((groups) => groups ?? []);
