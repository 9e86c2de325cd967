import { describe, expect, it } from 'vitest';
import { resources } from '../../locales';
import { SETTINGS_TABS } from './settings-tabs';

/** Every i18n key written in this feature's sources (as 'settings.…' or 'common.…' literals, incl. textKeys ids). */
const sources = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

function referencedKeys(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const m of text.matchAll(/'((?:settings|common|form)\.[\w.]+)'/g)) keys.add(m[1]!);
    // k('id') / k('id', { hint: true, placeholder: true }) from option-fields' textKeys
    for (const m of text.matchAll(/\bk\('(\w+)'(?:, \{([^}]*)\})?\)/g)) {
      keys.add(`settings.fields.${m[1]}`);
      if (m[2]?.includes('hint')) keys.add(`settings.hints.${m[1]}`);
      if (m[2]?.includes('placeholder')) keys.add(`settings.placeholders.${m[1]}`);
    }
  }
  for (const tab of SETTINGS_TABS) keys.add(`settings.tabs.${tab}`);
  for (const type of ['price', 'ratio', 'completionRatio', 'bothRatio']) keys.add(`settings.unset.types.${type}`);
  return [...keys].sort();
}

const lookup = (tree: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('settings texts', () => {
  const keys = referencedKeys();
  it('finds the keys it checks', () => {
    expect(keys.length).toBeGreaterThan(200);
  });
  it.each(['zh-CN', 'en'] as const)('exist in %s', (language) => {
    const missing = keys.filter((key) => typeof lookup(resources[language].translation, key) !== 'string');
    expect(missing).toEqual([]);
  });
  it('carry the product spec texts verbatim in Chinese', () => {
    const zh = resources['zh-CN'].translation;
    expect(zh.settings.noChange).toBe('你似乎并没有修改什么');
    expect(zh.common.partialSaveFailed).toBe('部分保存失败，请重试');
    expect(zh.settings.checkInput).toBe('请检查输入');
    expect(zh.settings.errors.json).toBe('不是合法的 JSON 字符串');
    expect(zh.settings.errors.topupGroupRatio).toBe('充值分组倍率不是合法的 JSON 字符串');
    expect(zh.settings.errors.serverFirst).toBe('请先填写服务器地址');
    expect(zh.settings.errors.oidcDiscovery).toBe('获取 OIDC 配置失败，请检查网络状况和 Well-Known URL 是否正确');
    expect(zh.settings.errors.number).toBe('请输入数字');
    expect(zh.settings.ratio.errors.duplicate).toBe('模型名称已存在');
    expect(zh.settings.ratio.errors.zeroPrice).toBe('模型价格不能为0');
    expect(zh.settings.unset.errors).toEqual({ noSelection: '请先选择需要批量设置的模型', value: '请输入填充值', invalidNumber: '请输入有效的数字', bothRequired: '请输入模型倍率和补全倍率' });
    expect(zh.settings.whitelist.duplicate).toBe('该域名已存在于白名单中');
    expect(zh.settings.clearLogs.required).toBe('请选择日志记录时间');
    expect(zh.settings.info.checkFailed).toBe('检查更新失败，请稍后再试');
  });
});
