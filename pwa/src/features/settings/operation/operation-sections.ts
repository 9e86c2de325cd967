import { textKeys as k } from '../option-fields';
import type { SectionDef } from '../option-section';

/** The operation tab's plain cards (seeds: general, drawing, sensitive words, log, dashboard, monitoring, quota, groups, chats). */
export const generalSection: SectionDef = {
  id: 'general',
  title: 'settings.sections.general',
  switches: [
    { key: 'DisplayInCurrencyEnabled', ...k('displayInCurrency') },
    { key: 'DisplayTokenStatEnabled', ...k('displayTokenStat') },
    { key: 'DefaultCollapseSidebar', ...k('defaultCollapseSidebar') },
    { key: 'DemoSiteEnabled', ...k('demoSite') },
    { key: 'SelfUseModeEnabled', ...k('selfUseMode', { hint: true }) },
  ],
  fields: [
    { key: 'TopUpLink', kind: 'text', ...k('topUpLink', { placeholder: true }) },
    { key: 'general_setting.docs_link', kind: 'text', ...k('docsLink', { placeholder: true }) },
    { key: 'QuotaPerUnit', kind: 'float', rule: 'atLeastOne', ...k('quotaPerUnit', { hint: true }) },
    { key: 'RetryTimes', kind: 'int', rule: 'nonNegative', ...k('retryTimes') },
    { key: 'StreamCacheQueueLength', kind: 'int', rule: 'nonNegative', ...k('streamCacheQueueLength', { hint: true }) },
  ],
  saveLabel: 'settings.saveGeneral',
};

export const drawingSection: SectionDef = {
  id: 'drawing',
  title: 'settings.sections.drawing',
  switches: [
    { key: 'DrawingEnabled', ...k('drawing') },
    { key: 'MjNotifyEnabled', ...k('mjNotify') },
    { key: 'MjAccountFilterEnabled', ...k('mjAccountFilter') },
    { key: 'MjForwardUrlEnabled', ...k('mjForwardUrl') },
    { key: 'MjModeClearEnabled', ...k('mjModeClear') },
    { key: 'MjActionCheckSuccessEnabled', ...k('mjActionCheckSuccess') },
  ],
};

export const sensitiveSection: SectionDef = {
  id: 'sensitive',
  title: 'settings.sections.sensitive',
  switches: [
    { key: 'CheckSensitiveEnabled', ...k('checkSensitive') },
    { key: 'CheckSensitiveOnPromptEnabled', ...k('checkSensitiveOnPrompt') },
    { key: 'CheckSensitiveOnCompletionEnabled', ...k('checkSensitiveOnCompletion') },
    { key: 'StopOnSensitiveEnabled', ...k('stopOnSensitive') },
  ],
  fields: [{ key: 'SensitiveWords', kind: 'textarea', rows: 6, ...k('sensitiveWords', { hint: true }) }],
  saveLabel: 'settings.saveSensitive',
};

export const logSection: SectionDef = {
  id: 'log',
  title: 'settings.sections.log',
  switches: [{ key: 'LogConsumeEnabled', ...k('logConsume') }],
};

export const dashboardSection: SectionDef = {
  id: 'dashboard',
  title: 'settings.sections.dashboard',
  switches: [{ key: 'DataExportEnabled', ...k('dataExport') }],
  fields: [
    { key: 'DataExportInterval', kind: 'int', rule: 'atLeastOne', ...k('dataExportInterval', { hint: true }) },
    {
      key: 'DataExportDefaultTime',
      kind: 'select',
      ...k('dataExportDefaultTime'),
      choices: [
        { value: 'hour', label: 'settings.granularity.hour' },
        { value: 'day', label: 'settings.granularity.day' },
        { value: 'week', label: 'settings.granularity.week' },
      ],
    },
  ],
  saveLabel: 'settings.saveDashboard',
};

export const monitoringSection: SectionDef = {
  id: 'monitoring',
  title: 'settings.sections.monitoring',
  switches: [
    { key: 'AutomaticDisableChannelEnabled', ...k('autoDisableChannel') },
    { key: 'AutomaticEnableChannelEnabled', ...k('autoEnableChannel') },
  ],
  fields: [
    { key: 'ChannelDisableThreshold', kind: 'float', rule: 'nonNegative', ...k('channelDisableThreshold', { hint: true }) },
    { key: 'QuotaRemindThreshold', kind: 'int', rule: 'nonNegative', ...k('quotaRemindThreshold', { hint: true }) },
    { key: 'AutomaticDisableKeywords', kind: 'textarea', rows: 6, ...k('autoDisableKeywords', { hint: true }) },
  ],
  saveLabel: 'settings.saveMonitoring',
};

export const quotaSection: SectionDef = {
  id: 'quota',
  title: 'settings.sections.quota',
  fields: [
    { key: 'QuotaForNewUser', kind: 'int', rule: 'nonNegative', ...k('quotaForNewUser') },
    { key: 'PreConsumedQuota', kind: 'int', rule: 'nonNegative', ...k('preConsumedQuota', { hint: true }) },
    { key: 'QuotaForInviter', kind: 'int', rule: 'nonNegative', ...k('quotaForInviter') },
    { key: 'QuotaForInvitee', kind: 'int', rule: 'nonNegative', ...k('quotaForInvitee') },
  ],
  saveLabel: 'settings.saveQuota',
};

export const groupSection: SectionDef = {
  id: 'groups',
  title: 'settings.sections.groups',
  fields: [
    { key: 'GroupRatio', kind: 'json', ...k('groupRatio', { hint: true }) },
    { key: 'UserUsableGroups', kind: 'json', ...k('userUsableGroups', { hint: true }) },
  ],
  saveLabel: 'settings.saveGroups',
};

export const chatsSection: SectionDef = {
  id: 'chats',
  title: 'settings.sections.chats',
  fields: [{ key: 'Chats', kind: 'json', rows: 10, ...k('chats', { hint: true }) }],
  saveLabel: 'settings.saveChats',
};

/** The first sub-tab of the ratio card: the four price maps as JSON text. */
export const ratioJsonSection: SectionDef = {
  id: 'ratio-json',
  title: 'settings.ratio.jsonTab',
  fields: [
    { key: 'ModelPrice', kind: 'json', rows: 10, ...k('modelPrice', { hint: true }) },
    { key: 'ModelRatio', kind: 'json', rows: 10, ...k('modelRatio', { hint: true }) },
    { key: 'CacheRatio', kind: 'json', rows: 10, ...k('cacheRatio', { hint: true }) },
    { key: 'CompletionRatio', kind: 'json', rows: 10, ...k('completionRatio', { hint: true }) },
  ],
  saveLabel: 'settings.saveRatio',
};
