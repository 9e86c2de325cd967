import type { Token, TokenWrite } from '../../../../core/contracts/token';
import { api } from '../../lib/http-client';

/** `p` is zero-based and the size parameter is `size` (max 100); the answer is a plain array. */
export const listTokens = (p: number, size: number) => api.get<Token[] | null>('/api/token/', { p, size }).then((rows) => rows ?? []);

/** Name and key search; not paginated. */
export const searchTokens = (keyword: string, token: string) =>
  api.get<Token[] | null>('/api/token/search', { keyword, token }).then((rows) => rows ?? []);

export const createToken = (body: TokenWrite) => api.post<undefined>('/api/token/', body);
export const updateToken = (body: TokenWrite & { id: number }) => api.put<Token>('/api/token/', body);
export const setTokenStatus = (id: number, status: number) => api.put<Token>('/api/token/', { id, status }, { status_only: 'true' });
export const deleteToken = (id: number) => api.delete<undefined>(`/api/token/${id}/`);
