import type { SessionUser, UserSetting } from '../../../../core/contracts/user';
import { api } from '../../lib/http-client';

/** Generates a new system access token (the old one stops working). */
export const generateAccessToken = () => api.get<string>('/api/user/token');

/** The server always checks the original password. */
export const changePassword = (originalPassword: string, password: string) =>
  api.put<undefined>('/api/user/self', { original_password: originalPassword, password });

export const deleteSelf = () => api.delete<undefined>('/api/user/self');

/** The user's referral code (created on first call). */
export const getAffCode = () => api.get<string>('/api/user/aff');

export const transferAffQuota = (quota: number) => api.envelope<undefined>('POST', '/api/user/aff_transfer', { body: { quota } });

export const bindEmail = (email: string, code: string) => api.get<undefined>('/api/oauth/email/bind', { email, code });

export const bindWechat = (code: string) => api.get<SessionUser | undefined>('/api/oauth/wechat/bind', { code });

export const updateUserSetting = (setting: UserSetting) => api.envelope<undefined>('PUT', '/api/user/setting', { body: setting });
