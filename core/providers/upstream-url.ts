import type { ChannelConfig } from '../actors/channel-config.js';
import { OPENAI_HOST } from './openai-host.js';
import { providerOf } from './registry.js';

/** The channel's base URL, or its type's default. */
export const baseUrlOf = (ch: ChannelConfig): string => ch.baseUrl || providerOf(ch.type).defaultBaseUrl;

/**
 * Where an OpenAI-form request goes on an OpenAI-dialect channel: the type's host adapter (Azure deployments,
 * custom full URLs, prefixed compatible APIs) or the OpenAI path under the base URL, with the client's query.
 */
export function upstreamUrl(ch: ChannelConfig, path: string, query: string, upstreamModel: string, azureApiVersion: string): string {
  const url = providerOf(ch.type).host?.url ?? OPENAI_HOST.url;
  return url({ ch, base: baseUrlOf(ch), path, query, model: upstreamModel, azureApiVersion });
}

/** The credentials an OpenAI-dialect channel expects (a Bearer key unless its adapter says otherwise). */
export function upstreamAuthHeaders(ch: ChannelConfig, key: string): Record<string, string> {
  const headers = providerOf(ch.type).host?.headers ?? OPENAI_HOST.headers;
  return headers(ch, key);
}
