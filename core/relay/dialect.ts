import { providerOf } from '../providers/registry.js';
import type { ClientFormat } from './endpoints.js';

/** The wire format a channel's upstream speaks. */
export type Dialect = 'openai' | 'claude' | 'gemini';

const ANTHROPIC = 14;
const GEMINI = 24;
const OPENAI = 1;

export function dialectOf(channelType: number): Dialect {
  if (channelType === ANTHROPIC) return 'claude';
  if (channelType === GEMINI) return 'gemini';
  return 'openai';
}

/**
 * Whether the client's request goes to the channel in its own format (bytes through, answer through)
 * rather than through the chat hub. Responses passes through only to OpenAI itself: other OpenAI-dialect
 * hosts speak chat only.
 */
export function speaksNatively(format: ClientFormat, channelType: number): boolean {
  const dialect = dialectOf(channelType);
  if (format === 'responses') return channelType === OPENAI;
  return format === dialect;
}

/** Whether stream_options.include_usage may be sent to the channel (new-api's supported set). */
export const acceptsStreamOptions = (channelType: number): boolean => providerOf(channelType).streamOptions;
