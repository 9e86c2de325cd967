import enAdmin from './en/admin.json';
import enAuth from './en/auth.json';
import enChannels from './en/channels.json';
import enCommon from './en/common.json';
import enConsole from './en/console.json';
import enDashboard from './en/dashboard.json';
import enLogs from './en/logs.json';
import enPersonal from './en/personal.json';
import enPricing from './en/pricing.json';
import enSettings from './en/settings.json';
import enPush from './en/push.json';
import enShell from './en/shell.json';
import enTokens from './en/tokens.json';
import zhAdmin from './zh-CN/admin.json';
import zhAuth from './zh-CN/auth.json';
import zhChannels from './zh-CN/channels.json';
import zhCommon from './zh-CN/common.json';
import zhConsole from './zh-CN/console.json';
import zhDashboard from './zh-CN/dashboard.json';
import zhLogs from './zh-CN/logs.json';
import zhPersonal from './zh-CN/personal.json';
import zhPricing from './zh-CN/pricing.json';
import zhSettings from './zh-CN/settings.json';
import zhPush from './zh-CN/push.json';
import zhShell from './zh-CN/shell.json';
import zhTokens from './zh-CN/tokens.json';

export type Language = 'zh-CN' | 'en';

/** One translation tree per language; the top-level keys are the feature areas. */
export const resources = {
  'zh-CN': {
    translation: {
      ...zhCommon,
      ...zhShell,
      ...zhAuth,
      ...zhTokens,
      ...zhLogs,
      ...zhPricing,
      ...zhPersonal,
      ...zhConsole,
      ...zhAdmin,
      ...zhSettings,
      ...zhDashboard,
      ...zhPush,
      ...zhChannels,
    },
  },
  en: {
    translation: {
      ...enCommon,
      ...enShell,
      ...enAuth,
      ...enTokens,
      ...enLogs,
      ...enPricing,
      ...enPersonal,
      ...enConsole,
      ...enAdmin,
      ...enSettings,
      ...enDashboard,
      ...enPush,
      ...enChannels,
    },
  },
} as const;
