export const ROLE_GUEST = 0;
export const ROLE_COMMON = 1;
export const ROLE_ADMIN = 10;
export const ROLE_ROOT = 100;

export const USER_ENABLED = 1;
export const USER_DISABLED = 2;

export type RouteAccess = 'public' | 'try-user' | 'user' | 'admin' | 'root';

export const MIN_ROLE: Record<'user' | 'admin' | 'root', number> = { user: ROLE_COMMON, admin: ROLE_ADMIN, root: ROLE_ROOT };

export const isValidRole = (r: number): boolean => r === ROLE_GUEST || r === ROLE_COMMON || r === ROLE_ADMIN || r === ROLE_ROOT;
