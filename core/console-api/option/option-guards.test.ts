import { describe, expect, it } from 'vitest';
import { optionGuardError } from './option-guards.js';

const with_ = (values: Record<string, string>) => (k: string) => values[k] ?? '';

describe('optionGuardError', () => {
  it.each([
    ['GitHubOAuthEnabled', 'true', {}, '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！'],
    ['GitHubOAuthEnabled', 'true', { GitHubClientId: 'abc' }, null],
    ['GitHubOAuthEnabled', 'false', {}, null],
    ['oidc.enabled', 'true', {}, '无法启用 OIDC 登录，请先填入 OIDC Client Id 以及 OIDC Client Secret！'],
    ['oidc.enabled', 'true', { 'oidc.client_id': 'id' }, null],
    ['LinuxDOOAuthEnabled', 'true', {}, '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！'],
    ['EmailDomainRestrictionEnabled', 'true', { EmailDomainWhitelist: '  ' }, '无法启用邮箱域名限制，请先填入限制的邮箱域名！'],
    ['EmailDomainRestrictionEnabled', 'true', { EmailDomainWhitelist: 'qq.com' }, null],
    ['WeChatAuthEnabled', 'true', {}, '无法启用微信登录，请先填入微信登录相关配置信息！'],
    ['TurnstileCheckEnabled', 'true', {}, '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！'],
    ['TurnstileCheckEnabled', 'true', { TurnstileSiteKey: 'k' }, null],
    ['TelegramOAuthEnabled', 'true', {}, '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！'],
    ['TelegramOAuthEnabled', 'true', { TelegramBotToken: 't' }, null],
    ['SystemName', 'true', {}, null],
  ])('%s=%s with %j → %s', (key, value, current, expected) => {
    expect(optionGuardError(key, value, with_(current))).toBe(expected);
  });
});
