import { userSettingBodySchema } from '../../contracts/user.js';
import { updateUser } from '../../db/repositories/users.js';
import { isWebhookUrl, type StoredUserSetting } from '../../notify/user-setting.js';
import { webhookTargetProblem } from '../../notify/webhook-target.js';
import { userUrlPolicy } from '../../upstream/outbound-policy.js';
import { parseBody, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';

/**
 * PUT /api/user/setting (spec §8.6): validated in new-api's order, then the setting column is replaced as a
 * whole (a webhook secret that is not sent again is dropped, as in new-api). Unlike new-api, a webhook that
 * resolves to a loopback, private or otherwise internal address is refused (spec reliability-security S2).
 */
async function updateSetting(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parseBody(c, userSettingBodySchema);
  if (input.notify_type !== 'email' && input.notify_type !== 'webhook') return fail('无效的预警类型');
  if (input.quota_warning_threshold <= 0) return fail('预警阈值必须大于0');
  if (input.notify_type === 'webhook') {
    if (!input.webhook_url) return fail('Webhook地址不能为空');
    if (!isWebhookUrl(input.webhook_url)) return fail('无效的Webhook地址');
    const problem = await webhookTargetProblem(input.webhook_url, userUrlPolicy(c.app.env));
    if (problem) return fail(problem);
  }
  if (input.notify_type === 'email' && input.notification_email && !input.notification_email.includes('@')) return fail('无效的邮箱地址');

  // Keys in alphabetical order, as Go marshals the map new-api stores.
  const setting: StoredUserSetting = { accept_unset_model_ratio_model: input.accept_unset_model_ratio_model };
  if (input.notify_type === 'email' && input.notification_email) setting.notification_email = input.notification_email;
  setting.notify_type = input.notify_type;
  setting.quota_warning_threshold = input.quota_warning_threshold;
  if (input.notify_type === 'webhook') {
    if (input.webhook_secret) setting.webhook_secret = input.webhook_secret;
    setting.webhook_url = input.webhook_url;
  }
  try {
    await updateUser(c.app.sql, me.id, { setting: JSON.stringify(setting) });
  } catch (e) {
    return fail(`更新设置失败: ${e instanceof Error ? e.message : String(e)}`);
  }
  c.app.invalidation.publish('user', me.id);
  return ok(undefined, '设置已更新');
}

export const userSettingRoutes: ApiRoute[] = [{ method: 'put', path: '/api/user/setting', access: 'user', handler: updateSetting }];
