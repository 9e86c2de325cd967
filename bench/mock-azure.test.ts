import OpenAI, { AzureOpenAI } from 'openai';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startMockUpstream } from './mock-upstream.js';

const mock = await startMockUpstream({ port: 0 });
afterAll(() => mock.close());
afterEach(() => mock.reset());

const azure = () => new AzureOpenAI({ apiKey: 'az-key', endpoint: mock.url, apiVersion: '2024-10-21', deployment: 'gpt-4o', maxRetries: 0 });

describe('Azure OpenAI deployment routes', () => {
  it("answers the Azure SDK's chat as the OpenAI route does, reading the key from api-key", async () => {
    const r = await azure().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(r.choices[0]!.message.content).toBe('Hello from mock upstream.');
    expect(r.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
    const [sent] = mock.requests();
    expect(sent).toMatchObject({ path: '/openai/deployments/gpt-4o/chat/completions', query: 'api-version=2024-10-21' });
    expect(sent!.headers['api-key']).toBe('az-key');
  });

  it('answers embeddings on the deployment', async () => {
    const r = await azure().embeddings.create({ model: 'text-embedding-3-small', input: ['a', 'b'] });
    expect(r.data).toHaveLength(2);
  });

  it('refuses a request without api-key (401) or without api-version (404)', async () => {
    const plain = new OpenAI({ apiKey: 'bearer-only', baseURL: `${mock.url}/openai/deployments/gpt-4o`, maxRetries: 0 });
    await expect(plain.chat.completions.create({ model: 'gpt-4o', messages: [] }, { query: { 'api-version': '1' } })).rejects.toMatchObject({ status: 401 });
    const noVersion = new OpenAI({ apiKey: 'x', baseURL: `${mock.url}/openai/deployments/gpt-4o`, defaultHeaders: { 'api-key': 'az' }, maxRetries: 0 });
    await expect(noVersion.chat.completions.create({ model: 'gpt-4o', messages: [] })).rejects.toMatchObject({ status: 404 });
  });
});
