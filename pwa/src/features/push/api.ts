import type { PushPreferences, PushStatus, PushTestResult } from '../../../../core/contracts/push';
import { api, request, unwrap } from '../../lib/http-client';
import type { Envelope } from '../../../../core/contracts/envelope';

export const fetchPushStatus = () => api.get<PushStatus>('/api/push/');

/** PushSubscription.toJSON() plus the console language the alerts are written in. */
export const saveSubscription = (subscription: PushSubscriptionJSON, lang: 'zh-CN' | 'en') =>
  api.post<undefined>('/api/push/subscribe', { endpoint: subscription.endpoint, keys: subscription.keys, lang });

export const removeSubscription = (endpoint: string) =>
  request<Envelope<undefined>>('DELETE', '/api/push/subscribe', { body: { endpoint } }).then(unwrap<undefined>);

export const sendTestPush = () => api.post<PushTestResult>('/api/push/test');

export const savePushPreferences = (body: PushPreferences) => api.put<undefined>('/api/push/preferences', body);
