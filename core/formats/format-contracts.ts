/**
 * The two contracts every client format implements (design.md §5). A format is a folder under core/formats/
 * whose converters are pure; the relay pipeline only talks to these interfaces.
 */
import type { OpenAiUsage } from './openai/chat-types.js';

/** One server-sent event as the upstream framed it (`event:` line optional). */
export interface SseEvent {
  event?: string;
  data: string;
}

/** A failure the client must be told about, already redacted and classified by the relay. */
export interface RelayFailure {
  status: number;
  message: string;
  type: string;
  code: string | number | null;
}

/**
 * Turns the upstream's stream (in the channel's dialect) into the client's frames (in the client's format).
 * Pure and synchronous: the relay feeds events in order and writes whatever string comes back ('' = nothing).
 * Exactly one of `end` or `fail` is called, last; nothing outside the translator writes a frame.
 */
export interface StreamTranslator {
  push(event: SseEvent): string;
  /** the upstream failed after the stream began: the format's own error frame and closing */
  fail(failure: RelayFailure): string;
  /** the upstream finished: closing frames, with the usage that will be billed (OpenAI semantics) */
  end(usage: OpenAiUsage): string;
  /** usage the upstream reported so far, in OpenAI semantics (cached tokens inside prompt_tokens) */
  usage(): OpenAiUsage | null;
}

/** How a client format writes an error in its own envelope (the body and the HTTP status it uses). */
export interface ErrorWriter {
  errorBody(failure: RelayFailure, requestId: string): { status: number; body: unknown };
}
