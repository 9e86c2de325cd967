import type { LoginRequest, RegisterRequest, SessionUser } from '../../../../core/contracts/user';
import { api } from '../../lib/http-client';

export type OAuthProvider = 'github' | 'oidc' | 'linuxdo';

export const login = (body: LoginRequest, turnstile: string) =>
  api.post<SessionUser>('/api/user/login', body, { turnstile });

export const register = (body: RegisterRequest, turnstile: string) =>
  api.post<undefined>('/api/user/register', body, { turnstile });

export const logout = () => api.get<undefined>('/api/user/logout');

/** Sends an e-mail verification code. */
export const sendVerificationCode = (email: string, turnstile: string) =>
  api.get<undefined>('/api/verification', { email, turnstile });

/** A state string for OAuth redirects; `aff` is remembered by the server for the new user. */
export const getOAuthState = (aff?: string) => api.get<string>('/api/oauth/state', aff ? { aff } : undefined);

/** OAuth callback: message "bind" means the account was bound to the signed-in user. */
export const completeOAuth = (provider: OAuthProvider, code: string, state: string) =>
  api.envelope<SessionUser>('GET', `/api/oauth/${provider}`, { params: { code, state } });

export const wechatLogin = (code: string) => api.get<SessionUser>('/api/oauth/wechat', { code });

export const requestPasswordReset = (email: string, turnstile: string) =>
  api.get<undefined>('/api/reset_password', { email, turnstile });

/** Confirms a reset link; data is the new password. */
export const confirmPasswordReset = (email: string, token: string) =>
  api.post<string>('/api/user/reset', { email, token });
