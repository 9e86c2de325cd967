import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchDrawingTasks, fetchGenericTasks, fetchLogs, fetchLogStat, fetchUserInfo, type TaskQuery } from './api';
import type { LogServerQuery } from './log-search';

export const logsQuery = (admin: boolean, query: LogServerQuery) =>
  queryOptions({
    queryKey: ['logs', admin ? 'all' : 'self', query],
    queryFn: () => fetchLogs(admin, query),
    placeholderData: keepPreviousData,
    meta: { persist: true },
  });

export const logStatQuery = (admin: boolean, query: LogServerQuery) =>
  queryOptions({
    queryKey: ['logs', 'stat', admin ? 'all' : 'self', { ...query, p: 0, page_size: 0, type: 0 }],
    queryFn: () => fetchLogStat(admin, query),
    placeholderData: keepPreviousData,
    meta: { persist: true },
  });

export const drawingTasksQuery = (admin: boolean, q: TaskQuery) =>
  queryOptions({ queryKey: ['mj', admin, q], queryFn: () => fetchDrawingTasks(admin, q), placeholderData: keepPreviousData, meta: { persist: true } });

export const genericTasksQuery = (admin: boolean, q: TaskQuery) =>
  queryOptions({ queryKey: ['tasks', admin, q], queryFn: () => fetchGenericTasks(admin, q), placeholderData: keepPreviousData, meta: { persist: true } });

export const userInfoQuery = (id: number) => queryOptions({ queryKey: ['user', 'info', id], queryFn: () => fetchUserInfo(id) });
