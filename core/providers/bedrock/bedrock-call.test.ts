import { describe, expect, it } from 'vitest';
import { bedrockCall } from './bedrock-call.js';
import { parseBedrockKey } from './bedrock-key.js';
import { bedrockModelId } from './bedrock-model-id.js';

const claudeCall = (headers: Record<string, string> = {}) => ({
  url: '/v1/messages',
  headers: { 'x-api-key': 'Ak|Sk|us-east-1', 'anthropic-version': '2023-06-01', ...headers },
  body: JSON.stringify({ model: 'claude-3-5-sonnet-20240620', max_tokens: 10, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
});

describe('bedrockModelId', () => {
  it.each([
    ['claude-3-5-sonnet-20240620', 'anthropic.claude-3-5-sonnet-20240620-v1:0'],
    ['claude-3-5-sonnet-20241022', 'anthropic.claude-3-5-sonnet-20241022-v2:0'],
    ['claude-2.1', 'anthropic.claude-v2:1'],
    ['claude-sonnet-4-20250514', 'anthropic.claude-sonnet-4-20250514-v1:0'],
    ['anthropic.claude-3-haiku-20240307-v1:0', 'anthropic.claude-3-haiku-20240307-v1:0'],
  ])('%s → %s', (model, id) => expect(bedrockModelId(model)).toBe(id));
});

describe('bedrockCall', () => {
  it.each([
    [false, '', 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke'],
    [true, '', 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke-with-response-stream'],
    [false, 'http://127.0.0.1:8080/', 'http://127.0.0.1:8080/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke'],
  ])('stream %s, base %j → %s', (stream, base, url) => {
    expect(bedrockCall(claudeCall(), { base, region: 'us-east-1', model: 'claude-3-5-sonnet-20240620', stream }).url).toBe(url);
  });

  it('moves the model to the path and the version into the body, without stream or Anthropic credentials', () => {
    const c = bedrockCall(claudeCall({ 'anthropic-beta': 'a, b', 'x-custom': '1' }), { base: '', region: 'eu-west-1', model: 'claude-3-5-sonnet-20240620', stream: true });
    expect(JSON.parse(c.body as string)).toEqual({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }], anthropic_beta: ['a', 'b'] });
    expect(c.headers).toEqual({ 'x-custom': '1', 'content-type': 'application/json', accept: 'application/vnd.amazon.eventstream' });
  });
});

describe('parseBedrockKey', () => {
  it('reads Ak|Sk|Region', () => expect(parseBedrockKey('AK| SK |us-west-2')).toEqual({ accessKeyId: 'AK', secretAccessKey: 'SK', region: 'us-west-2' }));
  it.each(['AK|SK', 'AK||us-east-1', ''])('refuses %j', (key) => expect(() => parseBedrockKey(key)).toThrow('Ak|Sk|Region'));
});
