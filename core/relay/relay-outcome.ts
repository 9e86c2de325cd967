import type { OpenAiUsage, StreamAccumulator } from '../formats/openai/stream-accumulator.js';
import type { UsageBounds } from './usage-bounds.js';

export interface Delivered {
  /** completion text, reasoning and tool-call names and arguments */
  text: string;
  /** the most tool calls in one message or chunk */
  maxToolCalls: number;
}

/** What one successful (or partly delivered) upstream exchange produced, for billing and the log. */
export interface RelayOutcome {
  channelId: number;
  upstreamModel: string;
  mapped: boolean;
  usage: OpenAiUsage | null;
  /** what reached the client, read (and counted locally) only when the upstream reported no usage */
  delivered(): Delivered;
  /** the most usage this request could honestly have (reported usage is clamped to it) */
  bounds: UsageBounds;
  /** ms from request start to the first streamed byte; -1000 for non-stream (new-api's value) */
  frtMs: number;
  /** the stream ended early (client gone, upstream failed after bytes were sent) */
  partial: boolean;
  /** set for streams: the client still needs the closing usage chunk and [DONE] */
  streamAcc?: StreamAccumulator;
}
