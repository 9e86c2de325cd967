import { serverAddress } from '../../options/server-address.js';
import type { ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ok, type ApiResult } from '../envelope.js';

/** GET /api/status: the public site status object with exactly new-api's keys (spec console-api.md §8.1). */
function getStatus(c: ApiContext): ApiResult {
  const o = c.app.options;
  return ok({
    version: c.app.env.VERSION,
    start_time: c.app.startTime,
    email_verification: o.bool('EmailVerificationEnabled'),
    github_oauth: o.bool('GitHubOAuthEnabled'),
    github_client_id: o.get('GitHubClientId'),
    linuxdo_oauth: o.bool('LinuxDOOAuthEnabled'),
    linuxdo_client_id: o.get('LinuxDOClientId'),
    telegram_oauth: o.bool('TelegramOAuthEnabled'),
    telegram_bot_name: o.get('TelegramBotName'),
    system_name: o.get('SystemName'),
    logo: o.get('Logo'),
    footer_html: o.get('Footer'),
    wechat_qrcode: o.get('WeChatAccountQRCodeImageURL'),
    wechat_login: o.bool('WeChatAuthEnabled'),
    server_address: serverAddress(c.app),
    price: o.number('Price'),
    min_topup: o.number('MinTopUp'),
    turnstile_check: o.bool('TurnstileCheckEnabled'),
    turnstile_site_key: o.get('TurnstileSiteKey'),
    top_up_link: o.get('TopUpLink'),
    docs_link: o.get('general_setting.docs_link'),
    quota_per_unit: o.number('QuotaPerUnit'),
    display_in_currency: o.bool('DisplayInCurrencyEnabled'),
    enable_batch_update: true,
    enable_drawing: o.bool('DrawingEnabled'),
    enable_task: o.bool('TaskEnabled'),
    enable_data_export: o.bool('DataExportEnabled'),
    data_export_default_time: o.get('DataExportDefaultTime'),
    default_collapse_sidebar: o.bool('DefaultCollapseSidebar'),
    enable_online_topup: o.get('PayAddress') !== '' && o.get('EpayId') !== '' && o.get('EpayKey') !== '',
    mj_notify_enabled: o.bool('MjNotifyEnabled'),
    chats: o.json<unknown[]>('Chats'),
    demo_site_enabled: o.bool('DemoSiteEnabled'),
    self_use_mode_enabled: o.bool('SelfUseModeEnabled'),
    oidc_enabled: o.bool('oidc.enabled'),
    oidc_client_id: o.get('oidc.client_id'),
    oidc_authorization_endpoint: o.get('oidc.authorization_endpoint'),
    setup: c.app.setup.done,
  });
}

export const statusRoutes: ApiRoute[] = [{ method: 'get', path: '/api/status', access: 'public', handler: getStatus }];
