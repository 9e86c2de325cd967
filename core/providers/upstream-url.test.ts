import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../actors/channel-config.js';
import { testConfig } from '../actors/test-channel-config.js';
import { upstreamAuthHeaders, upstreamUrl } from './upstream-url.js';

const CHAT = '/v1/chat/completions';
const EMBED = '/v1/embeddings';

/** URL and credentials of the OpenAI-compatible hosts that are one registry row, default base URLs included. */
describe('OpenAI-dialect hosts', () => {
  it.each<[string, Partial<ChannelConfig>, string, string, string]>([
    ['OpenAI', { type: 1 }, CHAT, '', 'https://api.openai.com/v1/chat/completions'],
    ['OpenAI keeps the client query', { type: 1 }, CHAT, 'a=1', 'https://api.openai.com/v1/chat/completions?a=1'],
    ['Ollama on its local default', { type: 4 }, CHAT, '', 'http://localhost:11434/v1/chat/completions'],
    ['Ollama embeddings', { type: 4, baseUrl: 'http://10.0.0.5:11434' }, EMBED, '', 'http://10.0.0.5:11434/v1/embeddings'],
    ['custom: the whole URL with {model}', { type: 8, baseUrl: 'https://h.example/run/{model}/chat' }, CHAT, 'x=1', 'https://h.example/run/gpt-4o/chat'],
    ['Ali compatible mode', { type: 17 }, CHAT, '', 'https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions'],
    ['Ali embeddings', { type: 17 }, EMBED, '', 'https://dashscope.aliyuncs.com/compatible-mode/v1/embeddings'],
    ['OpenRouter', { type: 20 }, CHAT, '', 'https://openrouter.ai/api/v1/chat/completions'],
    ['Moonshot', { type: 25 }, CHAT, '', 'https://api.moonshot.cn/v1/chat/completions'],
    ['Zhipu v4', { type: 26 }, CHAT, '', 'https://open.bigmodel.cn/api/paas/v4/chat/completions'],
    ['Zhipu v4 embeddings', { type: 26 }, EMBED, '', 'https://open.bigmodel.cn/api/paas/v4/embeddings'],
    ['Perplexity without /v1', { type: 27 }, CHAT, '', 'https://api.perplexity.ai/chat/completions'],
    ['Cohere compatibility API', { type: 34 }, CHAT, '', 'https://api.cohere.ai/compatibility/v1/chat/completions'],
    ['Cohere embeddings', { type: 34 }, EMBED, '', 'https://api.cohere.ai/compatibility/v1/embeddings'],
    ['MiniMax v2 chat', { type: 35 }, CHAT, '', 'https://api.minimax.chat/v1/text/chatcompletion_v2'],
    ['Jina embeddings', { type: 38 }, EMBED, '', 'https://api.jina.ai/v1/embeddings'],
    ['Cloudflare account from other', { type: 39, other: 'acc123' }, CHAT, '', 'https://api.cloudflare.com/client/v4/accounts/acc123/ai/v1/chat/completions'],
    ['SiliconFlow', { type: 40 }, CHAT, '', 'https://api.siliconflow.cn/v1/chat/completions'],
    ['Mistral', { type: 42 }, EMBED, '', 'https://api.mistral.ai/v1/embeddings'],
    ['DeepSeek chat', { type: 43 }, CHAT, '', 'https://api.deepseek.com/v1/chat/completions'],
    ['DeepSeek completions under /beta', { type: 43 }, '/v1/completions', '', 'https://api.deepseek.com/beta/completions'],
    ['Volcengine Ark', { type: 45 }, CHAT, '', 'https://ark.cn-beijing.volces.com/api/v3/chat/completions'],
    ['Baidu Qianfan v2', { type: 46 }, CHAT, '', 'https://qianfan.baidubce.com/v2/chat/completions'],
    ['xAI', { type: 48 }, CHAT, '', 'https://api.x.ai/v1/chat/completions'],
    ['Submodel', { type: 53 }, CHAT, '', 'https://llm.submodel.ai/v1/chat/completions'],
    ['a channel base URL wins', { type: 48, baseUrl: 'https://proxy.example' }, CHAT, '', 'https://proxy.example/v1/chat/completions'],
  ])('%s', (_name, over, path, query, url) => {
    expect(upstreamUrl(testConfig(over), path, query, 'gpt-4o', 'v')).toBe(url);
  });

  it.each<[string, Partial<ChannelConfig>, Record<string, string>]>([
    ['a Bearer key', { type: 42 }, { authorization: 'Bearer k' }],
    ['OpenAI with its organization', { type: 1, openaiOrganization: 'org-1' }, { authorization: 'Bearer k', 'openai-organization': 'org-1' }],
    ['OpenAI without one', { type: 1 }, { authorization: 'Bearer k' }],
    ['OpenRouter attribution', { type: 20 }, { authorization: 'Bearer k', 'http-referer': 'https://github.com/ferryman-gateway', 'x-title': 'Ferryman' }],
    ['Azure api-key', { type: 3 }, { 'api-key': 'k' }],
  ])('%s', (_name, over, headers) => {
    expect(upstreamAuthHeaders(testConfig(over), 'k')).toEqual(headers);
  });
});
