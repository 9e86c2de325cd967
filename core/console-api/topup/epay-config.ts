import { serverAddress } from '../../options/server-address.js';
import type { AppServices } from '../../app-services.js';

export interface EpayConfig {
  payAddress: string;
  pid: string;
  key: string;
}

/** The merchant settings, or null when any is missing (new-api: 当前管理员未配置支付信息). */
export function epayConfig(app: AppServices): EpayConfig | null {
  const o = app.options;
  const config = { payAddress: o.get('PayAddress').trim(), pid: o.get('EpayId').trim(), key: o.get('EpayKey') };
  return config.payAddress && config.pid && config.key ? config : null;
}

const noTrailingSlash = (url: string): string => url.replace(/\/+$/, '');


/** Where the gateway sends notifications: CustomCallbackAddress when set (e.g. a public tunnel), else ServerAddress. */
export const notifyUrl = (app: AppServices): string =>
  `${noTrailingSlash(app.options.get('CustomCallbackAddress').trim()) || serverAddress(app)}/api/user/epay/notify`;

export const submitUrl = (config: EpayConfig): string => `${noTrailingSlash(config.payAddress)}/submit.php`;
