import { describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { CODEX_MODELS } from '../../providers/codex/codex-request.js';
import { fetchUpstreamModels, modelListRequest } from './upstream-models.js';

describe('provider model-list requests', () => {
  it.each<[number, string, string, Record<string, string>]>([
    [1, 'https://up.test/', 'https://up.test/v1/models', { authorization: 'Bearer k' }],
    [1, '', 'https://api.openai.com/v1/models', { authorization: 'Bearer k' }],
    [43, '', 'https://api.deepseek.com/v1/models', { authorization: 'Bearer k' }],
    [14, '', 'https://api.anthropic.com/v1/models', { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' }],
    [24, 'https://g.test', 'https://g.test/v1beta/models?pageSize=1000', { 'x-goog-api-key': 'k' }],
    [17, '', 'https://dashscope.aliyuncs.com/compatible-mode/v1/models', { authorization: 'Bearer k' }],
  ])('type %i base %j', (type, base, url, headers) => {
    const r = modelListRequest(type, base, 'k');
    expect(r.url).toBe(url);
    expect(r.headers).toEqual(headers);
  });

  it('reads OpenAI-style ids and Gemini names without their prefix, with the next page', () => {
    expect(modelListRequest(1, '', 'k').ids({ object: 'list', data: [{ id: 'a' }, { id: 'b', owned_by: 'x' }] })).toEqual({ ids: ['a', 'b'] });
    const gemini = modelListRequest(24, '', 'k', 'tok');
    expect(gemini.url).toContain('pageToken=tok');
    expect(gemini.ids({ models: [{ name: 'models/gemini-2.0-flash' }], nextPageToken: 'n2' })).toEqual({ ids: ['gemini-2.0-flash'], next: 'n2' });
    expect(() => modelListRequest(1, '', 'k').ids({ error: 'nope' })).toThrow();
  });

  it("answers Codex's built-in list without building a request for its OAuth key", async () => {
    expect(() => modelListRequest(57, '', '{"access_token":"at","account_id":"a"}')).toThrow('without a request');
    // a dispatcher that cannot connect anywhere: any request would reject
    const nowhere = new Agent({ connect: (_opts, cb) => cb(new Error('no connection allowed'), null) });
    expect(await fetchUpstreamModels(57, '', '{"access_token":"at","account_id":"a"}', nowhere)).toEqual([...CODEX_MODELS]);
    await nowhere.close();
  });
});
