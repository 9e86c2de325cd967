import type { OpenAiUsage, StreamAccumulator } from '../formats/openai/stream-accumulator.js';

/** What one successful (or partly delivered) upstream exchange produced, for billing and the log. */
export interface RelayOutcome {
  channelId: number;
  upstreamModel: string;
  mapped: boolean;
  usage: OpenAiUsage | null;
  /** text delivered to the client, counted locally when the upstream reported no usage */
  deliveredText: string;
  maxToolCalls: number;
  /** ms from request start to the first streamed byte; -1000 for non-stream (new-api's value) */
  frtMs: number;
  /** the stream ended early (client gone, upstream failed after bytes were sent) */
  partial: boolean;
  /** set for streams: the client still needs the closing usage chunk and [DONE] */
  streamAcc?: StreamAccumulator;
}
