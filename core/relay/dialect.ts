import type { Dialect } from '../providers/provider.js';
import { providerOf } from '../providers/registry.js';
import type { ClientFormat } from './endpoints.js';

export type { Dialect } from '../providers/provider.js';

/**
 * The wire format a channel's upstream speaks, from its registry row (for the upstream model, when the type
 * serves several). A type without an adapter counts as OpenAI here (new-api's fallback adaptor); upstreamCall
 * refuses to send it anything.
 */
export function dialectOf(channelType: number, upstreamModel?: string): Dialect {
  const p = providerOf(channelType);
  return (upstreamModel !== undefined && p.dialectFor ? p.dialectFor(upstreamModel) : p.dialect) ?? 'openai';
}

/** Whether the relay has an adapter for the type at all. */
export const hasAdapter = (channelType: number): boolean => providerOf(channelType).dialect !== null;

/**
 * Whether the client's request goes to the channel in its own format (bytes through, answer through)
 * rather than through the chat hub. Responses passes through only to hosts that serve /v1/responses:
 * other OpenAI-dialect hosts speak chat only.
 */
export function speaksNatively(format: ClientFormat, channelType: number, upstreamModel?: string): boolean {
  if (format === 'responses') return providerOf(channelType).responsesApi;
  return format === dialectOf(channelType, upstreamModel);
}

/** Whether stream_options.include_usage may be sent to the channel (new-api's supported set). */
export const acceptsStreamOptions = (channelType: number): boolean => providerOf(channelType).streamOptions;
