import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedText } from '../contracts/bounded-text.js';
import { parseInput } from './api-context.js';
import { channelInput } from './channel/channel-input.js';
import { ApiError } from './envelope.js';
import { redemptionCreateBodySchema, redemptionUpdateBodySchema } from '../contracts/redemption.js';
import { tokenInputSchema } from '../contracts/token.js';

/** What parseInput answers: the parsed value, or the refusal as status and message. */
function outcome(schema: z.ZodType, raw: unknown, message?: string, status?: number): unknown {
  try {
    return { value: parseInput(schema, raw, message, status) };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { status: e.status, message: e.message };
  }
}

describe('parseInput', () => {
  const schema = z.object({ name: boundedText(4), n: z.number() });
  it.each<[string, unknown, unknown]>([
    ['valid', { name: 'ab', n: 1 }, { value: { name: 'ab', n: 1 } }],
    ['too long: 400 naming the field', { name: 'abcdef', n: 1 }, { status: 400, message: '无效的参数：name 长度不能超过 4 个字符' }],
    ['wrong type: the route message and status', { name: 'ab', n: 'x' }, { status: 200, message: '无效的参数' }],
    ['not an object', null, { status: 200, message: '无效的参数' }],
  ])('%s', (_name, raw, expected) => {
    expect(outcome(schema, raw)).toEqual(expected);
  });

  it('uses the route message and status for other failures only', () => {
    expect(outcome(schema, {}, '请求参数有误', 400)).toEqual({ status: 400, message: '请求参数有误' });
    expect(outcome(schema, { name: 'abcdef', n: 1 }, '参数错误')).toEqual({ status: 400, message: '无效的参数：name 长度不能超过 4 个字符' });
  });
});

// The exported route input schemas: every text field is bounded and NUL-free before any query.
describe('route input schemas', () => {
  const tooLong = (field: string, max: number) => ({ status: 400, message: `无效的参数：${field} 长度不能超过 ${max} 个字符` });
  const nul = (field: string) => ({ status: 400, message: `无效的参数：${field} 不能包含空字符 (NUL)` });
  it.each<[string, z.ZodType, Record<string, unknown>, unknown]>([
    ['token name', tokenInputSchema, { name: 'x'.repeat(256) }, tooLong('name', 255)],
    ['token name NUL', tokenInputSchema, { name: 'a\u0000' }, nul('name')],
    ['token model_limits', tokenInputSchema, { model_limits: 'm'.repeat(1025) }, tooLong('model_limits', 1024)],
    ['token allow_ips NUL', tokenInputSchema, { allow_ips: '10.0.0.1\u0000' }, nul('allow_ips')],
    ['token group', tokenInputSchema, { group: 'g'.repeat(65) }, tooLong('group', 64)],
    ['redemption name', redemptionCreateBodySchema, { name: 'r'.repeat(256) }, tooLong('name', 255)],
    ['redemption rename NUL', redemptionUpdateBodySchema, { id: 1, name: 'r\u0000' }, nul('name')],
    ['channel name', channelInput, { name: 'c'.repeat(256) }, tooLong('name', 255)],
    ['channel key NUL', channelInput, { key: 'sk-\u0000' }, nul('key')],
    ['channel base_url', channelInput, { base_url: `https://${'h'.repeat(2048)}` }, tooLong('base_url', 2048)],
    ['channel groups item', channelInput, { groups: ['default', 'g'.repeat(65)] }, tooLong('groups.1', 64)],
    ['channel tag NUL', channelInput, { tag: 't\u0000' }, nul('tag')],
    ['channel test_model', channelInput, { test_model: 'm'.repeat(256) }, tooLong('test_model', 255)],
  ])('%s', (_name, schema, raw, expected) => {
    expect(outcome(schema, raw)).toEqual(expected);
  });

  it.each<[string, z.ZodType, Record<string, unknown>]>([
    ['token', tokenInputSchema, { name: 'ok', model_limits: 'gpt-4o', allow_ips: '10.0.0.1', group: 'default' }],
    ['redemption', redemptionCreateBodySchema, { name: 'ok', quota: 1, count: 1 }],
    ['channel with a long key list', channelInput, { name: 'ok', key: 'sk-x\n'.repeat(10_000), base_url: 'https://api.example.com' }],
  ])('takes ordinary %s input', (_name, schema, raw) => {
    expect(outcome(schema, raw)).toHaveProperty('value');
  });
});
