import { describe, expect, it } from 'vitest';
import { OPTION_DEFS } from './option-defaults.js';
import { OPTION_SHAPES, optionShapeError } from './option-shapes.js';
import { validateOptionValue } from './options-store.js';

const CHAT_SCHEMES = 'http://、https://、ama://、opencat://、cherrystudio://、aionui://';

describe('optionShapeError', () => {
  it.each([
    ['GroupRatio', { default: 1, vip: 0 }, null],
    ['GroupRatio', { default: -0.5 }, 'group ratio must be not less than 0: default'],
    ['GroupRatio', { default: '1' }, 'GroupRatio 必须是 {"名称": 数字} 形式的 JSON 对象'],
    ['GroupRatio', [1, 2], 'GroupRatio 必须是 {"名称": 数字} 形式的 JSON 对象'],
    ['GroupRatio', null, 'GroupRatio 必须是 {"名称": 数字} 形式的 JSON 对象'],
    ['ModelRatio', { 'gpt-4o': 1.25 }, null],
    ['ModelRatio', { 'gpt-4o': -1 }, 'ModelRatio 中 gpt-4o 的值不能小于 0'],
    ['ModelPrice', { 'dall-e-3': 'cheap' }, 'ModelPrice 必须是 {"名称": 数字} 形式的 JSON 对象'],
    ['CompletionRatio', {}, null],
    ['CacheRatio', { x: 0.5 }, null],
    ['TopupGroupRatio', { vip: -2 }, 'TopupGroupRatio 中 vip 的值不能小于 0'],
    ['ModelRequestRateLimitGroup', { vip: [0, 1] }, null],
    ['ModelRequestRateLimitGroup', { vip: [-1, 5] }, 'group vip has negative rate limit values: [-1, 5]'],
    ['ModelRequestRateLimitGroup', { vip: [3, 0] }, 'group vip has negative rate limit values: [3, 0]'],
    ['ModelRequestRateLimitGroup', { vip: [3] }, 'ModelRequestRateLimitGroup 必须是 {"分组": [最大请求数, 最大成功请求数]} 形式的 JSON 对象'],
    ['ModelRequestRateLimitGroup', { vip: [1.5, 2] }, 'ModelRequestRateLimitGroup 必须是 {"分组": [最大请求数, 最大成功请求数]} 形式的 JSON 对象'],
    ['UserUsableGroups', { default: '默认分组' }, null],
    ['UserUsableGroups', { default: 1 }, 'UserUsableGroups 必须是 {"分组": "描述"} 形式的 JSON 对象'],
    ['Chats', [{ a: 'https://x/{key}' }], null],
    ['Chats', { a: 'b' }, 'Chats 必须是 [{"名称": "链接"}] 形式的 JSON 数组'],
    ['Chats', [{ a: 'opencat://team/join?token={key}' }, { b: 'CherryStudio://providers' }], null],
    ['Chats', [{ a: 'https://x' }, { evil: 'javascript:alert("{key}")' }], `Chats 中「evil」的链接只能以 ${CHAT_SCHEMES} 开头`],
    ['Chats', [{ evil: 'java\tscript:alert(1)' }], `Chats 中「evil」的链接只能以 ${CHAT_SCHEMES} 开头`],
    ['Chats', [{ evil: ' https://x' }], `Chats 中「evil」的链接只能以 ${CHAT_SCHEMES} 开头`],
    ['Chats', [{ evil: '{address}/chat' }], `Chats 中「evil」的链接只能以 ${CHAT_SCHEMES} 开头`],
    ['claude.default_max_tokens', { default: 8192 }, null],
    ['claude.default_max_tokens', { default: 0 }, 'claude.default_max_tokens 必须是 {"模型": 正整数} 形式的 JSON 对象'],
    ['gemini.supported_imagine_models', ['a'], null],
    ['gemini.supported_imagine_models', 'a', 'gemini.supported_imagine_models 必须是字符串 JSON 数组'],
    ['NotAJsonOption', 'anything', null],
  ])('%s = %j → %s', (key, value, expected) => {
    expect(optionShapeError(key, value)).toBe(expected);
  });

  it('accepts every shipped default', () => {
    for (const key of Object.keys(OPTION_SHAPES)) {
      const def = (OPTION_DEFS as Record<string, { default: string }>)[key];
      expect(def, key).toBeDefined();
      expect(optionShapeError(key, JSON.parse(def!.default)), key).toBeNull();
    }
  });

  it('is what the options store checks before saving', () => {
    expect(() => validateOptionValue('GroupRatio', '{"vip":-1}')).toThrow('group ratio must be not less than 0: vip');
    expect(() => validateOptionValue('GroupRatio', '{"vip":')).toThrow('GroupRatio 不是合法的 JSON 字符串');
    expect(() => validateOptionValue('GroupRatio', '{"vip":2}')).not.toThrow();
  });
});
