import { pushPreferencesSchema, pushSubscribeSchema, pushUnsubscribeSchema, type PushStatus, type PushTestResult } from '../../contracts/push.js';
import { balanceThresholdOf, removeSubscription, saveBalanceThreshold, saveSubscription, subscriptionsOf } from '../../push/push-subscriptions.js';
import { parseBody, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';

/** GET /api/push/vapid_public_key: what the browser's pushManager.subscribe needs (applicationServerKey). */
function vapidPublicKey(c: ApiContext): ApiResult {
  return ok(c.app.push.publicKey);
}

async function pushStatus(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const { sql } = c.app;
  const [devices, threshold] = await Promise.all([subscriptionsOf(sql, me.id), balanceThresholdOf(sql, me.id)]);
  const status: PushStatus = { public_key: c.app.push.publicKey, devices: devices.length, channel_balance_threshold: threshold };
  return ok(status);
}

async function subscribe(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const body = parseBody(c, pushSubscribeSchema);
  await saveSubscription(c.app.sql, me.id, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, lang: body.lang ?? 'zh-CN' });
  return ok();
}

/** Any signed-in user may remove their own subscriptions (an administrator who was demoted too). */
async function unsubscribe(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const { endpoint } = parseBody(c, pushUnsubscribeSchema);
  await removeSubscription(c.app.sql, me.id, endpoint);
  return ok();
}

async function sendTest(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const report: PushTestResult = await c.app.push.sendTest(me.id);
  if (report.sent + report.failed === 0) return fail('当前账号还没有订阅推送通知的设备');
  if (report.sent === 0) return fail('推送通知发送失败，请重新订阅后再试');
  return ok(report);
}

async function savePreferences(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const body = parseBody(c, pushPreferencesSchema);
  await saveBalanceThreshold(c.app.sql, me.id, body.channel_balance_threshold);
  return ok();
}

/** Web Push alerts for administrators (Ferryman's own): subscribe browsers, test, unsubscribe. */
export const pushRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/push/vapid_public_key', access: 'admin', handler: vapidPublicKey },
  { method: 'get', path: '/api/push/', access: 'admin', handler: pushStatus },
  { method: 'post', path: '/api/push/subscribe', access: 'admin', handler: subscribe },
  { method: 'delete', path: '/api/push/subscribe', access: 'user', handler: unsubscribe },
  { method: 'post', path: '/api/push/test', access: 'admin', handler: sendTest },
  { method: 'put', path: '/api/push/preferences', access: 'admin', handler: savePreferences },
];
