import type { BuiltInToolCalls, Delivered, StreamTranslator } from '../formats/format-contracts.js';
import type { OpenAiUsage } from '../formats/openai/chat-types.js';
import type { UsageBounds } from './usage-bounds.js';

/** What one successful (or partly delivered) upstream exchange produced, for billing and the log. */
export interface RelayOutcome {
  channelId: number;
  upstreamModel: string;
  mapped: boolean;
  /** reported usage in OpenAI semantics (cached tokens inside prompt_tokens) */
  usage: OpenAiUsage | null;
  /** what reached the client, read (and counted locally) only when the upstream reported no usage */
  delivered(): Delivered;
  /** the most usage this request could honestly have (reported usage is clamped to it) */
  bounds: UsageBounds;
  /** ms from request start to the first streamed byte; -1000 for non-stream (new-api's value) */
  frtMs: number;
  /** the stream ended early (client gone, upstream failed after bytes were sent) */
  partial: boolean;
  /** set for streams still open: the pipeline closes them with translator.end once usage is known */
  translator?: StreamTranslator;
  /** the built-in tool calls the upstream reported: a native Responses answer's web / file searches, a Claude answer's web searches */
  toolCalls?: BuiltInToolCalls;
}
