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
    // no region: the model id only
    ['claude-3-5-sonnet-20240620', '', 'anthropic.claude-3-5-sonnet-20240620-v1:0'],
    ['claude-3-5-sonnet-20241022', '', 'anthropic.claude-3-5-sonnet-20241022-v2:0'],
    ['claude-2.1', '', 'anthropic.claude-v2:1'],
    ['claude-sonnet-4-20250514', '', 'anthropic.claude-sonnet-4-20250514-v1:0'],
    ['anthropic.claude-3-haiku-20240307-v1:0', '', 'anthropic.claude-3-haiku-20240307-v1:0'],
    // the geography's inference profile where one serves the id
    ['claude-3-5-sonnet-20240620', 'us-east-1', 'us.anthropic.claude-3-5-sonnet-20240620-v1:0'],
    ['claude-3-5-sonnet-20240620', 'eu-central-1', 'eu.anthropic.claude-3-5-sonnet-20240620-v1:0'],
    ['claude-3-5-sonnet-20240620', 'ap-northeast-1', 'apac.anthropic.claude-3-5-sonnet-20240620-v1:0'],
    ['claude-3-5-sonnet-20241022', 'eu-west-1', 'anthropic.claude-3-5-sonnet-20241022-v2:0'],
    ['claude-3-5-sonnet-20241022', 'ap-southeast-2', 'apac.anthropic.claude-3-5-sonnet-20241022-v2:0'],
    ['claude-opus-4-20250514', 'us-west-2', 'us.anthropic.claude-opus-4-20250514-v1:0'],
    ['claude-opus-4-20250514', 'eu-west-3', 'anthropic.claude-opus-4-20250514-v1:0'],
    ['claude-sonnet-4-5-20250929', 'eu-north-1', 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0'],
    ['claude-haiku-4-5-20251001', 'us-east-2', 'us.anthropic.claude-haiku-4-5-20251001-v1:0'],
    // an id given in Bedrock's form (by the client or a model mapping) gets the profile too
    ['anthropic.claude-3-haiku-20240307-v1:0', 'us-east-1', 'us.anthropic.claude-3-haiku-20240307-v1:0'],
    // already a profile, a model without one, a region outside the three geographies: as it is
    ['eu.anthropic.claude-3-7-sonnet-20250219-v1:0', 'us-east-1', 'eu.anthropic.claude-3-7-sonnet-20250219-v1:0'],
    ['global.anthropic.claude-sonnet-4-5-20250929-v1:0', 'us-east-1', 'global.anthropic.claude-sonnet-4-5-20250929-v1:0'],
    ['claude-2.1', 'us-east-1', 'anthropic.claude-v2:1'],
    ['claude-3-5-sonnet-20240620', 'ca-central-1', 'anthropic.claude-3-5-sonnet-20240620-v1:0'],
    ['claude-3-5-sonnet-20240620', 'sa-east-1', 'anthropic.claude-3-5-sonnet-20240620-v1:0'],
  ])('%s in %j → %s', (model, region, id) => expect(bedrockModelId(model, region)).toBe(id));
});

describe('bedrockCall', () => {
  it.each([
    [false, '', 'https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke'],
    [true, '', 'https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke-with-response-stream'],
    [false, 'http://127.0.0.1:8080/', 'http://127.0.0.1:8080/model/us.anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke'],
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
