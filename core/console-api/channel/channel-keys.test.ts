import { describe, expect, it } from 'vitest';
import { channelKeysProblem, createKeys, splitKeys } from './channel-keys.js';

const SA = '{"type":"service_account","project_id":"p"}';

describe('channel keys', () => {
  it.each<[string, Parameters<typeof createKeys>, string[]]>([
    ['single keeps the key as sent', ['single', 1, ' a\nb '], ['a\nb']],
    ['batch takes one key per line', ['batch', 1, 'a\n\n b \nc'], ['a', 'b', 'c']],
    ['multi_to_single takes one key per line', ['multi_to_single', 15, 'a|b\nc|d'], ['a|b', 'c|d']],
    ['Vertex: one service account', ['batch', 41, SA], [SA]],
    ['Vertex: a JSON array of service accounts', ['batch', 41, `[${SA}, ${SA}]`], [SA, SA]],
    ['Vertex with API keys: lines', ['batch', 41, 'k1\nk2', '{"vertex_key_type":"api_key"}'], ['k1', 'k2']],
  ])('%s', (_name, args, keys) => {
    expect(createKeys(...args)).toEqual(keys);
  });

  it('checks each key against its type, except Vertex API keys', () => {
    expect(channelKeysProblem(15, splitKeys(15, 'a|b\nc'))).toBe('密钥格式错误，请按照如下格式输入：APIKey|SecretKey');
    expect(channelKeysProblem(41, splitKeys(41, 'not json'))).toBe('密钥格式错误，请按照如下格式输入：服务账号 JSON 密钥');
    expect(channelKeysProblem(41, ['AIza-plain'], '{"vertex_key_type":"api_key"}')).toBeNull();
  });

  it.each<[number, string[], string | null]>([
    [1, ['anything'], null],
    [15, ['ak|sk'], null],
    [15, ['ak'], '密钥格式错误，请按照如下格式输入：APIKey|SecretKey'],
    [15, ['ak|sk', 'ak|'], '密钥格式错误，请按照如下格式输入：APIKey|SecretKey'],
    [18, ['app|secret|key'], null],
    [18, ['app|secret'], '密钥格式错误，请按照如下格式输入：APPID|APISecret|APIKey'],
    [22, ['fastgpt-abc-64f335'], null],
    [22, ['nodash'], '密钥格式错误，请按照如下格式输入：APIKey-AppId'],
    [23, ['a|b|c'], null],
    [23, ['a||c'], '密钥格式错误，请按照如下格式输入：AppId|SecretId|SecretKey'],
    [33, ['ak|sk|us-east-1'], null],
    [33, ['ak|sk'], '密钥格式错误，请按照如下格式输入：Ak|Sk|Region'],
    [41, ['{"type":"service_account"}'], null],
    [41, ['not json'], '密钥格式错误，请按照如下格式输入：服务账号 JSON 密钥'],
  ])('type %i keys %j, by the registry row', (type, keys, expected) => {
    expect(channelKeysProblem(type, keys)).toBe(expected);
  });
});
