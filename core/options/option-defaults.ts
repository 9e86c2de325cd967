import { DEFAULT_CACHE_RATIO } from '../billing/default-cache-ratio.js';
import { DEFAULT_COMPLETION_RATIO } from '../billing/default-completion-ratio.js';
import { DEFAULT_MODEL_PRICE } from '../billing/default-model-price.js';
import { DEFAULT_MODEL_RATIO } from '../billing/default-model-ratio.js';

/**
 * Every option key with its kind and default, in one place (new-api model/option.go and the registered
 * config structs; spec console-api.md §7.2, seeds §3). Values travel as strings, as in new-api.
 * kind decides validation on save: json values must parse (new-api persists invalid JSON and empties the
 * map; we refuse it and change nothing).
 */
export type OptionKind = 'bool' | 'int' | 'float' | 'string' | 'json';

export interface OptionDef {
  kind: OptionKind;
  default: string;
  /**
   * Hidden from GET /api/option/. new-api hides only keys ending in Token, Secret or Key; Ferryman also
   * marks secrets that rule misses (oidc.client_secret), see option-secrets.ts.
   */
  secret?: boolean;
}

const json = (v: unknown): string => JSON.stringify(v);

const DEFAULT_CHATS = [
  { 'ChatGPT Next Web 官方示例': 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
  { 'Lobe Chat 官方示例': 'https://chat-preview.lobehub.com/?settings={"keyVaults":{"openai":{"apiKey":"{key}","baseURL":"{address}/v1"}}}' },
  { 'AI as Workspace': 'https://aiaw.app/set-provider?provider={"type":"openai","settings":{"apiKey":"{key}","baseURL":"{address}/v1","compatibility":"strict"}}' },
  { 'AMA 问天': 'ama://set-api-key?server={address}&key={key}' },
  { OpenCat: 'opencat://team/join?domain={address}&token={key}' },
];

const DEFAULT_DISABLE_KEYWORDS = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
  'The security token included in the request is invalid',
  'Operation not allowed',
  'Your account is not authorized',
].join('\n');

const b = (v: boolean): OptionDef => ({ kind: 'bool', default: String(v) });
const s = (v = '', secret = false): OptionDef => ({ kind: 'string', default: v, ...(secret ? { secret } : {}) });
const i = (v: number): OptionDef => ({ kind: 'int', default: String(v) });
const f = (v: number): OptionDef => ({ kind: 'float', default: String(v) });
const j = (v: unknown): OptionDef => ({ kind: 'json', default: json(v) });

export const OPTION_DEFS = {
  FileUploadPermission: i(0),
  FileDownloadPermission: i(0),
  ImageUploadPermission: i(0),
  ImageDownloadPermission: i(0),
  PasswordLoginEnabled: b(true),
  PasswordRegisterEnabled: b(true),
  EmailVerificationEnabled: b(false),
  GitHubOAuthEnabled: b(false),
  LinuxDOOAuthEnabled: b(false),
  TelegramOAuthEnabled: b(false),
  WeChatAuthEnabled: b(false),
  TurnstileCheckEnabled: b(false),
  RegisterEnabled: b(true),
  AutomaticDisableChannelEnabled: b(false),
  AutomaticEnableChannelEnabled: b(false),
  LogConsumeEnabled: b(true),
  DisplayInCurrencyEnabled: b(true),
  DisplayTokenStatEnabled: b(true),
  DrawingEnabled: b(true),
  TaskEnabled: b(true),
  DataExportEnabled: b(true),
  ChannelDisableThreshold: f(5),
  // Ferryman's circuit breaker per channel and per key (issue 10): consecutive failures that open it, and the
  // seconds before one half-open probe may go.
  ChannelBreakerThreshold: i(3),
  ChannelBreakerCooldown: i(60),
  EmailDomainRestrictionEnabled: b(false),
  EmailAliasRestrictionEnabled: b(false),
  EmailDomainWhitelist: s('gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com'),
  SMTPServer: s(),
  SMTPFrom: s(),
  SMTPAccount: s(),
  SMTPToken: s('', true),
  SMTPPort: i(587),
  SMTPSSLEnabled: b(false),
  Notice: s(),
  About: s(),
  HomePageContent: s(),
  Footer: s(),
  Logo: s(),
  SystemName: s('New API'),
  ServerAddress: s(),
  WorkerUrl: s(),
  WorkerValidKey: s('', true),
  WorkerAllowHttpImageRequestEnabled: b(false),
  PayAddress: s(),
  CustomCallbackAddress: s(),
  EpayId: s(),
  EpayKey: s('', true),
  Price: f(7.3),
  MinTopUp: i(1),
  TopupGroupRatio: j({ default: 1, svip: 1, vip: 1 }),
  Chats: j(DEFAULT_CHATS),
  GitHubClientId: s(),
  GitHubClientSecret: s('', true),
  LinuxDOClientId: s(),
  LinuxDOClientSecret: s('', true),
  TelegramBotToken: s('', true),
  TelegramBotName: s(),
  WeChatServerAddress: s(),
  WeChatServerToken: s('', true),
  WeChatAccountQRCodeImageURL: s(),
  TurnstileSiteKey: s('', true),
  TurnstileSecretKey: s('', true),
  QuotaForNewUser: i(0),
  QuotaForInviter: i(0),
  QuotaForInvitee: i(0),
  QuotaRemindThreshold: i(1000),
  PreConsumedQuota: i(500),
  ModelRequestRateLimitEnabled: b(false),
  ModelRequestRateLimitCount: i(0),
  ModelRequestRateLimitSuccessCount: i(1000),
  ModelRequestRateLimitDurationMinutes: i(1),
  ModelRequestRateLimitGroup: j({}),
  ModelRatio: j(DEFAULT_MODEL_RATIO),
  ModelPrice: j(DEFAULT_MODEL_PRICE),
  CompletionRatio: j(DEFAULT_COMPLETION_RATIO),
  CacheRatio: j(DEFAULT_CACHE_RATIO),
  GroupRatio: j({ default: 1, svip: 1, vip: 1 }),
  UserUsableGroups: j({ default: '默认分组', vip: 'vip分组' }),
  TopUpLink: s(),
  QuotaPerUnit: f(500000),
  RetryTimes: i(0),
  DataExportInterval: i(5),
  DataExportDefaultTime: s('hour'),
  DefaultCollapseSidebar: b(false),
  MjNotifyEnabled: b(false),
  MjAccountFilterEnabled: b(false),
  MjModeClearEnabled: b(false),
  MjForwardUrlEnabled: b(true),
  MjActionCheckSuccessEnabled: b(true),
  CheckSensitiveEnabled: b(true),
  CheckSensitiveOnPromptEnabled: b(true),
  CheckSensitiveOnCompletionEnabled: b(false),
  StopOnSensitiveEnabled: b(true),
  SensitiveWords: s('test_sensitive'),
  StreamCacheQueueLength: i(0),
  AutomaticDisableKeywords: s(DEFAULT_DISABLE_KEYWORDS),
  DemoSiteEnabled: b(false),
  SelfUseModeEnabled: b(false),
  'general_setting.docs_link': s('https://docs.newapi.pro'),
  'general_setting.ping_interval_enabled': b(false),
  'general_setting.ping_interval_seconds': i(60),
  'global.pass_through_request_enabled': b(false),
  'claude.model_headers_settings': j({}),
  'claude.default_max_tokens': j({ default: 8192 }),
  'claude.thinking_adapter_enabled': b(true),
  'claude.thinking_adapter_budget_tokens_percentage': f(0.8),
  'gemini.safety_settings': j({ HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE', default: 'OFF' }),
  'gemini.version_settings': j({ default: 'v1beta', 'gemini-1.0-pro': 'v1' }),
  'gemini.supported_imagine_models': j(['gemini-2.0-flash-exp-image-generation', 'gemini-2.0-flash-exp']),
  'gemini.thinking_adapter_enabled': b(false),
  'gemini.thinking_adapter_budget_tokens_percentage': f(0.6),
  'oidc.enabled': b(false),
  'oidc.client_id': s(),
  'oidc.client_secret': s('', true),
  'oidc.well_known': s(),
  'oidc.authorization_endpoint': s(),
  'oidc.token_endpoint': s(),
  'oidc.user_info_endpoint': s(),
} satisfies Record<string, OptionDef>;

export type OptionKey = keyof typeof OPTION_DEFS;

export function optionDef(key: string): OptionDef | undefined {
  return (OPTION_DEFS as Record<string, OptionDef>)[key];
}
