import { OPENAI_HOST } from '../openai-host.js';
import type { OpenAiHost } from '../provider.js';

// The few OpenAI-compatible hosts that differ from api.openai.com in a URL or a header.

/** OpenAI (1): the channel's organization, when set. */
export const OPENAI_ORG_HEADERS: Pick<OpenAiHost, 'headers'> = {
  headers: (ch, key) => {
    // added to the fresh object rather than spread into a new one: a spread followed by new keys is slow on
    // Node 20's V8, and this runs per request
    const headers = OPENAI_HOST.headers(ch, key);
    if (ch.openaiOrganization) headers['openai-organization'] = ch.openaiOrganization;
    return headers;
  },
};

/** Custom (8): the base URL is the whole URL, with {model} replaced by the upstream model. */
export const CUSTOM_URL: Pick<OpenAiHost, 'url'> = {
  url: ({ base, model }) => base.replaceAll('{model}', encodeURIComponent(model)),
};

/** DeepSeek (43): text completions (FIM) live under /beta. */
export const DEEPSEEK_URL: Pick<OpenAiHost, 'url'> = {
  url: (call) => (call.path === '/v1/completions' ? `${call.base}/beta/completions` : OPENAI_HOST.url(call)),
};

/** OpenRouter (20): the app attribution headers it asks callers to send. */
export const OPENROUTER_HEADERS: Pick<OpenAiHost, 'headers'> = {
  headers: (ch, key) => Object.assign(OPENAI_HOST.headers(ch, key), { 'http-referer': 'https://github.com/ferryman-gateway', 'x-title': 'Ferryman' }),
};

/** Cloudflare Workers AI (39): the account id from `other`, OpenAI-compatible routes under /ai/v1. */
export const CLOUDFLARE_URL: Pick<OpenAiHost, 'url'> = {
  url: (call) => OPENAI_HOST.url({ ...call, path: call.path.replace(/^\/v1/, `/client/v4/accounts/${encodeURIComponent(call.ch.other.trim())}/ai/v1`) }),
};

/** MiniMax (35): chat at its v2 text endpoint. */
export const MINIMAX_URL: Pick<OpenAiHost, 'url'> = {
  url: (call) => (call.path === '/v1/chat/completions' ? `${call.base}/v1/text/chatcompletion_v2` : OPENAI_HOST.url(call)),
};
