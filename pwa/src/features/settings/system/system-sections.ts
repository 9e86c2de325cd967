import type { OptionMap } from '../api';
import { textKeys as k } from '../option-fields';
import type { SectionDef } from '../option-section';
import type { Draft } from '../option-values';

export const serverSection: SectionDef = {
  id: 'server',
  title: 'settings.sections.server',
  fields: [{ key: 'ServerAddress', kind: 'url', wide: true, ...k('serverAddress', { placeholder: true, hint: true }) }],
  saveLabel: 'settings.saveServer',
};

export const workerSection: SectionDef = {
  id: 'worker',
  title: 'settings.sections.worker',
  description: 'settings.descriptions.worker',
  switches: [{ key: 'WorkerAllowHttpImageRequestEnabled', ...k('workerAllowHttp') }],
  fields: [
    { key: 'WorkerUrl', kind: 'url', ...k('workerUrl', { placeholder: true }) },
    { key: 'WorkerValidKey', kind: 'secret', ...k('workerKey') },
  ],
  saveLabel: 'settings.saveWorker',
};

export const paymentSection: SectionDef = {
  id: 'payment',
  title: 'settings.sections.payment',
  description: 'settings.descriptions.payment',
  fields: [
    { key: 'PayAddress', kind: 'url', ...k('payAddress', { placeholder: true }) },
    { key: 'EpayId', kind: 'text', ...k('epayId', { placeholder: true }) },
    { key: 'EpayKey', kind: 'secret', ...k('epayKey') },
    { key: 'CustomCallbackAddress', kind: 'url', ...k('callbackAddress', { placeholder: true }) },
    { key: 'Price', kind: 'float', rule: 'nonNegative', ...k('topupPrice', { hint: true }) },
    { key: 'MinTopUp', kind: 'int', rule: 'atLeastOne', ...k('minTopUp', { hint: true }) },
    { key: 'TopupGroupRatio', kind: 'json', rows: 6, invalidMessage: 'settings.errors.topupGroupRatio', ...k('topupGroupRatio', { hint: true }) },
  ],
  saveLabel: 'settings.savePayment',
};

/** Payment callbacks are built on the server address, so it must be saved first (请先填写服务器地址). */
export const paymentNeedsServer = (_values: Draft, options: OptionMap): string | null => ((options.ServerAddress ?? '').trim() ? null : 'settings.errors.serverFirst');

export const loginSection: SectionDef = {
  id: 'login',
  title: 'settings.sections.login',
  switches: [
    {
      key: 'PasswordLoginEnabled',
      ...k('passwordLogin'),
      confirmOff: { title: 'settings.passwordLoginOff.title', description: 'settings.passwordLoginOff.description' },
    },
    { key: 'PasswordRegisterEnabled', ...k('passwordRegister') },
    { key: 'EmailVerificationEnabled', ...k('emailVerification') },
    { key: 'RegisterEnabled', ...k('register', { hint: true }) },
    { key: 'TurnstileCheckEnabled', ...k('turnstileCheck') },
    { key: 'GitHubOAuthEnabled', ...k('githubOAuth') },
    { key: 'oidc.enabled', ...k('oidcEnabled') },
    { key: 'LinuxDOOAuthEnabled', ...k('linuxdoOAuth') },
    { key: 'WeChatAuthEnabled', ...k('wechatAuth') },
    { key: 'TelegramOAuthEnabled', ...k('telegramOAuth') },
  ],
};

export const smtpSection: SectionDef = {
  id: 'smtp',
  title: 'settings.sections.smtp',
  description: 'settings.descriptions.smtp',
  switches: [{ key: 'SMTPSSLEnabled', ...k('smtpSsl') }],
  fields: [
    { key: 'SMTPServer', kind: 'text', ...k('smtpServer', { placeholder: true }) },
    { key: 'SMTPPort', kind: 'int', rule: 'nonNegative', ...k('smtpPort', { placeholder: true }) },
    { key: 'SMTPAccount', kind: 'text', ...k('smtpAccount', { placeholder: true }) },
    { key: 'SMTPFrom', kind: 'text', ...k('smtpFrom', { placeholder: true }) },
    { key: 'SMTPToken', kind: 'secret', ...k('smtpToken') },
  ],
  saveLabel: 'settings.saveSmtp',
};

export const githubSection: SectionDef = {
  id: 'github',
  title: 'settings.sections.github',
  description: 'settings.descriptions.github',
  fields: [
    { key: 'GitHubClientId', kind: 'text', ...k('githubClientId') },
    { key: 'GitHubClientSecret', kind: 'secret', ...k('githubClientSecret') },
  ],
  saveLabel: 'settings.saveGithub',
};

export const linuxdoSection: SectionDef = {
  id: 'linuxdo',
  title: 'settings.sections.linuxdo',
  description: 'settings.descriptions.linuxdo',
  fields: [
    { key: 'LinuxDOClientId', kind: 'text', ...k('linuxdoClientId') },
    { key: 'LinuxDOClientSecret', kind: 'secret', ...k('linuxdoClientSecret') },
  ],
  saveLabel: 'settings.saveLinuxdo',
};

export const wechatSection: SectionDef = {
  id: 'wechat',
  title: 'settings.sections.wechat',
  description: 'settings.descriptions.wechat',
  fields: [
    { key: 'WeChatServerAddress', kind: 'url', ...k('wechatServer', { placeholder: true }) },
    { key: 'WeChatServerToken', kind: 'secret', ...k('wechatToken') },
    { key: 'WeChatAccountQRCodeImageURL', kind: 'text', ...k('wechatQrCode', { placeholder: true }) },
  ],
  saveLabel: 'settings.saveWechat',
};

export const telegramSection: SectionDef = {
  id: 'telegram',
  title: 'settings.sections.telegram',
  description: 'settings.descriptions.telegram',
  fields: [
    { key: 'TelegramBotToken', kind: 'secret', ...k('telegramToken') },
    { key: 'TelegramBotName', kind: 'text', ...k('telegramName') },
  ],
  saveLabel: 'settings.saveTelegram',
};

export const turnstileSection: SectionDef = {
  id: 'turnstile',
  title: 'settings.sections.turnstile',
  description: 'settings.descriptions.turnstile',
  fields: [
    // The server lists no key ending in "Key", so the site key is write-only here too.
    { key: 'TurnstileSiteKey', kind: 'secret', ...k('turnstileSiteKey') },
    { key: 'TurnstileSecretKey', kind: 'secret', ...k('turnstileSecretKey') },
  ],
  saveLabel: 'settings.saveTurnstile',
};
