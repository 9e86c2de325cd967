import { describe, expect, it } from 'vitest';
import { channelFieldsProblem, modelsProblem, priorityProblem, regionProblem, weightProblem } from './channel-rules.js';

describe('channel field rules', () => {
  it.each<[string, Parameters<typeof channelFieldsProblem>[0], string | null]>([
    ['nothing sent', {}, null],
    ['model mapping not JSON', { model_mapping: '{oops' }, '模型映射必须是合法的 JSON 格式！'],
    ['model mapping an array', { model_mapping: '[1]' }, '模型映射必须是合法的 JSON 格式！'],
    ['blank model mapping', { model_mapping: '  ' }, null],
    ['status code mapping', { status_code_mapping: 'x' }, '状态码映射必须是合法的 JSON 格式！'],
    ['setting', { setting: 'null' }, '渠道额外设置必须是合法的 JSON 格式！'],
    ['param override', { param_override: '1' }, '参数覆盖必须是合法的 JSON 格式！'],
    ['header override', { header_override: '"h"' }, '请求头覆盖必须是合法的 JSON 格式！'],
    ['settings', { settings: '{' }, '渠道其他设置必须是合法的 JSON 格式！'],
    ['duplicate models', { models: 'gpt-4o, gpt-4o-mini,gpt-4o' }, '某些模型已存在！'],
    ['model name too long', { models: `a,${'m'.repeat(256)}` }, `模型名称过长: ${'m'.repeat(256)}`],
    ['group list too long', { group: 'g'.repeat(65) }, '无效的参数：group 长度不能超过 64 个字符'],
    ['base url without scheme', { base_url: 'api.example.com' }, '代理地址必须以 http:// 或 https:// 开头'],
    ['valid', { model_mapping: '{"a":"b"}', models: 'a,b', group: 'default,vip', priority: 5, weight: 3, base_url: 'https://x.test' }, null],
  ])('%s', (_name, fields, expected) => {
    expect(channelFieldsProblem(fields)).toBe(expected);
  });

  it.each<[number | null | undefined, string | null]>([
    [undefined, null],
    [null, null],
    [0, null],
    [-999, null],
    [1_000_000, null],
    [-1000, '优先级必须在 -999 到 1000000 之间'],
    [1_000_001, '优先级必须在 -999 到 1000000 之间'],
    [1.5, '优先级必须是整数！'],
  ])('priority %s', (v, expected) => {
    expect(priorityProblem(v)).toBe(expected);
  });

  it.each<[number | null | undefined, string | null]>([
    [undefined, null],
    [0, null],
    [1_000_000, null],
    [-1, '权重必须是非负整数！'],
    [2.5, '权重必须是非负整数！'],
    [1_000_001, '权重不能大于 1000000'],
  ])('weight %s', (v, expected) => {
    expect(weightProblem(v)).toBe(expected);
  });

  it('counts models after trimming', () => {
    expect(modelsProblem(' a ,b,, c')).toBeNull();
    expect(modelsProblem('a, a')).toBe('某些模型已存在！');
  });
});

describe('type-specific checks', () => {
  it.each<[number, string | null | undefined, string | null]>([
    [1, '', null],
    [41, '', '部署地区不能为空'],
    [41, 'us-central1', null],
    [41, '{"default":"us-central1"}', null],
    [41, '{"claude":"europe-west1"}', '部署地区必须包含default字段'],
    [41, '{broken', '部署地区必须包含default字段'],
  ])('type %i region %j', (type, other, expected) => {
    expect(regionProblem(type, other)).toBe(expected);
  });
});
