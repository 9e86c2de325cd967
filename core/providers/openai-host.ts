import type { ChannelConfig } from '../actors/channel-config.js';
import type { HostCall, OpenAiHost } from './provider.js';

/** api.openai.com's layout: the OpenAI path (and the client's query) under the base URL, a Bearer key. */
export const OPENAI_HOST: OpenAiHost = {
  url: ({ base, path, query }: HostCall) => (query ? `${base}${path}?${query}` : `${base}${path}`),
  headers: (_ch: ChannelConfig, key: string) => ({ authorization: `Bearer ${key}` }),
};

/** A host whose OpenAI-compatible API sits under its own prefix instead of /v1 (path /v1/x → prefix/x). */
export const prefixedHost = (prefix: string): Pick<OpenAiHost, 'url'> => ({
  url: (call) => OPENAI_HOST.url({ ...call, path: call.path.replace(/^\/v1/, prefix) }),
});
