/**
 * The contracts every client format implements (design.md §5). A format is a folder under core/formats/
 * whose converters are pure; the relay pipeline only talks to these interfaces.
 */
import type { ChatChunk, OpenAiUsage } from './openai/chat-types.js';

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
  param?: string;
  /** the upstream's own error object, which a client of the same format gets back as it was */
  upstream?: Record<string, unknown> | null;
}

/** What reached the client, for counting locally when the upstream reported no usage. */
export interface Delivered {
  /** completion text, reasoning and tool-call names and arguments */
  text: string;
  /** the most tool calls in one message or chunk */
  maxToolCalls: number;
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
  /** an error the upstream sent inside its stream, already passed on to the client */
  upstreamFailure(): RelayFailure | null;
  /** what the client was sent, read only when the upstream reported no usage */
  delivered(): Delivered;
  /** the translator takes no more events: a guard stopped the stream, which is to be closed now */
  halted?(): boolean;
  /**
   * the built-in tool calls the upstream reported: a Responses passthrough's web / file search items of its
   * closing event, Anthropic's web searches (any translator whose source is a Claude stream)
   */
  toolCalls?(): BuiltInToolCalls | undefined;
}

/** Checks (and may rewrite) each chat chunk on its way to the client; `stop` ends the stream after it. */
export interface ChunkGuard {
  check(chunk: ChatChunk): { chunk: ChatChunk; stop: boolean };
}

/** How a client format writes an error in its own envelope (the body and the HTTP status it uses). */
export interface ErrorWriter {
  errorBody(failure: RelayFailure, requestId: string): { status: number; body: unknown };
}

/** Reads an upstream dialect's stream as chat chunks (the hub form), with the failure it reported, if any. */
export interface ChunkSource {
  push(event: SseEvent): { chunks: readonly ChatChunk[]; failure: RelayFailure | null };
  usage(): OpenAiUsage | null;
  /** the server-side tool calls the upstream reported so far (Anthropic's web searches), billed per call */
  toolCalls?(): BuiltInToolCalls;
}

/** Writes chat chunks as a client format's stream frames. */
export interface ChunkSink {
  push(chunk: ChatChunk): string;
  end(usage: OpenAiUsage): string;
  fail(failure: RelayFailure): string;
}

/** The server-side tools the upstream ran for an answer, which are billed per call. */
export interface BuiltInToolCalls {
  /** OpenAI's web_search_call output items (Responses) */
  webSearch: number;
  /** OpenAI's file_search_call output items (Responses) */
  fileSearch: number;
  /** Anthropic's `usage.server_tool_use.web_search_requests` (a Claude-dialect channel, any client format) */
  claudeWebSearch?: number;
}

/** A complete (non-stream) answer, turned into the client's body. */
export interface CompleteAnswer {
  body: string | Buffer;
  contentType: string;
  usage: OpenAiUsage | null;
  delivered(): Delivered;
  /** set for a native Responses answer (the built-in tool calls in its `output`) and for a Claude-dialect one */
  toolCalls?: BuiltInToolCalls;
}

/** What a request asks for once parsed; the channel's dialect decides how it is sent. */
export type RequestKind = 'chat' | 'completions' | 'embeddings' | 'count_tokens';

export type Converted<T> = { ok: true; value: T } | { ok: false; failure: RelayFailure };

/** A client's request as the relay needs it, whatever format it came in. */
export interface InboundRequest {
  kind: RequestKind;
  model: string;
  stream: boolean;
  /** the completion budget the client set, 0 when it set none */
  maxTokens: number;
  /** an OpenAI client asked for the usage chunk (stream_options.include_usage) */
  includeUsage: boolean;
  /** the client's body as it decoded */
  body: Record<string, unknown>;
  /** the same request in OpenAI form (chat, completions or embeddings body), for the given upstream model */
  toOpenAi(model: string, opts: { openRouter: boolean }): Converted<Record<string, unknown>>;
}

/** Where the request came in: the endpoint's kind, and for Gemini the model and stream mode of its path. */
export interface InboundContext {
  kind: RequestKind;
  pathModel: string | null;
  /** Gemini's streamGenerateContent: the path, not the body, asks for a stream */
  pathStream: boolean;
  /** Gemini's batchEmbedContents */
  batch: boolean;
}

/** A client format: how its bodies are read and how its errors are written. */
export interface InboundFormat {
  parse(body: Record<string, unknown>, ctx: InboundContext): Converted<InboundRequest>;
  errors: ErrorWriter;
}
