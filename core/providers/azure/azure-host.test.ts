import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../../actors/channel-config.js';
import { testConfig } from '../../actors/test-channel-config.js';
import { upstreamAuthHeaders, upstreamUrl } from '../upstream-url.js';
import { AZURE_DEFAULT_API_VERSION, AZURE_KEEP_DOTS_SINCE, azureDeployment } from './azure-host.js';

const BASE = 'https://res.openai.azure.com';
const NEW = AZURE_KEEP_DOTS_SINCE + 1;
const azure = (over: Partial<ChannelConfig> = {}) => testConfig({ type: 3, baseUrl: BASE, createdTime: NEW, ...over });

describe('Azure OpenAI (type 3)', () => {
  it.each<[string, Partial<ChannelConfig>, string, string, string]>([
    ['chat, default version', {}, '/v1/chat/completions', '', `${BASE}/openai/deployments/gpt-4.1/chat/completions?api-version=${AZURE_DEFAULT_API_VERSION}`],
    ['embeddings', {}, '/v1/embeddings', '', `${BASE}/openai/deployments/gpt-4.1/embeddings?api-version=${AZURE_DEFAULT_API_VERSION}`],
    ['version from the channel other', { other: '2024-10-21' }, '/v1/chat/completions', '', `${BASE}/openai/deployments/gpt-4.1/chat/completions?api-version=2024-10-21`],
    ['the client query wins, other parameters dropped', { other: '2024-10-21' }, '/v1/chat/completions', 'api-version=2024-06-01&x=1', `${BASE}/openai/deployments/gpt-4.1/chat/completions?api-version=2024-06-01`],
    ['dots removed for channels created before 2025-05-10', { createdTime: AZURE_KEEP_DOTS_SINCE - 1 }, '/v1/chat/completions', '', `${BASE}/openai/deployments/gpt-41/chat/completions?api-version=${AZURE_DEFAULT_API_VERSION}`],
  ])('%s', (_name, over, path, query, url) => {
    expect(upstreamUrl(azure(over), path, query, 'gpt-4.1', AZURE_DEFAULT_API_VERSION)).toBe(url);
  });

  it('sends the key in api-key, never as a Bearer token', () => {
    expect(upstreamAuthHeaders(azure(), 'az-key')).toEqual({ 'api-key': 'az-key' });
  });

  it.each([
    ['gpt-3.5-turbo', 0, 'gpt-35-turbo'],
    ['gpt-3.5-turbo', AZURE_KEEP_DOTS_SINCE, 'gpt-3.5-turbo'],
    ['gpt-4o', 0, 'gpt-4o'],
  ])('deployment of %s on a channel created at %i is %s', (model, created, deployment) => {
    expect(azureDeployment(model, created)).toBe(deployment);
  });
});
