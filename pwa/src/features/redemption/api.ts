import type { Page } from '../../../../core/contracts/envelope';
import type { Redemption, RedemptionCreate, RedemptionStatusUpdate, RedemptionUpdate } from '../../../../core/contracts/redemption';
import { api } from '../../lib/http-client';

/** `p` is 1-based here (0 and 1 both give the first page). */
export const listRedemptions = (p: number, pageSize: number) => api.get<Page<Redemption>>('/api/redemption/', { p, page_size: pageSize });

/** By id, or by name prefix. */
export const searchRedemptions = (keyword: string, p: number, pageSize: number) =>
  api.get<Page<Redemption>>('/api/redemption/search', { keyword, p, page_size: pageSize });

/** data = the new keys, in creation order. */
export const createRedemptions = (body: RedemptionCreate) => api.post<string[]>('/api/redemption/', body);
export const updateRedemption = (body: RedemptionUpdate) => api.put<Redemption>('/api/redemption/', body);
export const setRedemptionStatus = (body: RedemptionStatusUpdate) => api.put<Redemption>('/api/redemption/', body, { status_only: 'true' });
export const deleteRedemption = (id: number) => api.delete<undefined>(`/api/redemption/${id}/`);
