/**
 * new-api's guards in PUT /api/option/ (spec console-api.md §2.4): a login method or check cannot be
 * switched on before the settings it needs are filled in. JSON-valued keys are checked by the options
 * store itself (option-shapes.ts), so they are refused on every path that saves options.
 */
interface Guard {
  requires: string;
  message: string;
}

const GUARDS: Readonly<Record<string, Guard>> = {
  GitHubOAuthEnabled: { requires: 'GitHubClientId', message: '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！' },
  'oidc.enabled': { requires: 'oidc.client_id', message: '无法启用 OIDC 登录，请先填入 OIDC Client Id 以及 OIDC Client Secret！' },
  LinuxDOOAuthEnabled: { requires: 'LinuxDOClientId', message: '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！' },
  EmailDomainRestrictionEnabled: { requires: 'EmailDomainWhitelist', message: '无法启用邮箱域名限制，请先填入限制的邮箱域名！' },
  WeChatAuthEnabled: { requires: 'WeChatServerAddress', message: '无法启用微信登录，请先填入微信登录相关配置信息！' },
  TurnstileCheckEnabled: { requires: 'TurnstileSiteKey', message: '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！' },
  TelegramOAuthEnabled: { requires: 'TelegramBotToken', message: '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！' },
};

/** The refusal message when switching `key` to `value` is not allowed with the current options, else null. */
export function optionGuardError(key: string, value: string, current: (key: string) => string): string | null {
  const guard = Object.hasOwn(GUARDS, key) ? GUARDS[key] : undefined;
  if (!guard || value !== 'true') return null;
  return current(guard.requires).trim() === '' ? guard.message : null;
}
