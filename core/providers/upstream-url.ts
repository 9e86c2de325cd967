import type { ChannelConfig } from '../actors/channel-config.js';
import { providerOf } from './registry.js';

/**
 * Where an OpenAI-compatible request goes. The client's path (with its query) is appended to the base
 * URL; custom channels (type 8) use base_url as the full URL with {model} substituted; Azure uses its
 * deployment layout.
 */
export function upstreamUrl(ch: ChannelConfig, path: string, query: string, upstreamModel: string, azureApiVersion: string): string {
  const base = ch.baseUrl || providerOf(ch.type).defaultBaseUrl;
  if (ch.type === 8) return base.replaceAll('{model}', encodeURIComponent(upstreamModel));
  if (ch.type === 3) {
    const task = path.replace(/^\/v1\//, '');
    const version = new URLSearchParams(query).get('api-version') || ch.other || azureApiVersion;
    return `${base}/openai/deployments/${encodeURIComponent(upstreamModel)}/${task}?api-version=${encodeURIComponent(version)}`;
  }
  if (ch.type === 43 && path === '/v1/completions') return `${base}/beta/completions`;
  return query ? `${base}${path}?${query}` : `${base}${path}`;
}

export function upstreamAuthHeaders(ch: ChannelConfig, key: string): Record<string, string> {
  if (ch.type === 3) return { 'api-key': key };
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (ch.type === 1 && ch.openaiOrganization) headers['openai-organization'] = ch.openaiOrganization;
  if (ch.type === 20) {
    headers['http-referer'] = 'https://github.com/ferryman-gateway';
    headers['x-title'] = 'Ferryman';
  }
  return headers;
}
