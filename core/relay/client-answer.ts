import { ChatChunksToClaudeEvents } from '../formats/claude/chat-chunks-to-claude-events.js';
import { ClaudeEventsToChatChunks } from '../formats/claude/claude-events-to-chat-chunks.js';
import { ClaudePassthroughStream } from '../formats/claude/claude-passthrough-stream.js';
import { claudeToOpenAiResponse } from '../formats/claude/claude-to-openai-response.js';
import { claudeMessageSchema } from '../formats/claude/claude-upstream-schema.js';
import { claudeToolCalls, claudeUsageToOpenAi, claudeWebSearchRequests } from '../formats/claude/claude-usage.js';
import { openAiToClaudeResponse } from '../formats/claude/openai-to-claude-response.js';
import { completionText } from '../formats/delivered-text.js';
import type { ChunkGuard, ChunkSink, ChunkSource, CompleteAnswer, RelayFailure, StreamTranslator } from '../formats/format-contracts.js';
import type { HubAdapter } from '../providers/hub-adapter.js';
import { ChatChunksToGeminiEvents } from '../formats/gemini/chat-chunks-to-gemini-events.js';
import { GeminiEventsToChatChunks } from '../formats/gemini/gemini-events-to-chat-chunks.js';
import { GeminiPassthroughStream } from '../formats/gemini/gemini-passthrough-stream.js';
import { readGeminiResponse } from '../formats/gemini/gemini-response-schema.js';
import { geminiToOpenAiResponse } from '../formats/gemini/gemini-to-openai-response.js';
import { openAiToGeminiEmbeddingResponse } from '../formats/gemini/gemini-to-openai-embeddings.js';
import { openAiToGeminiResponse } from '../formats/gemini/openai-to-gemini-response.js';
import { geminiUsageToOpenAi } from '../formats/gemini/gemini-usage.js';
import { ChatChunksToOpenAiFrames } from '../formats/openai/chat-chunks-to-openai-frames.js';
import type { ChatCompletion, EmbeddingResponse, OpenAiUsage } from '../formats/openai/chat-types.js';
import { OpenAiChunkSource } from '../formats/openai/openai-chunk-source.js';
import { OpenAiPassthroughStream, type OpenAiStreamContext } from '../formats/openai/openai-passthrough-stream.js';
import { ChatChunksToResponsesEvents } from '../formats/responses/chat-chunks-to-responses-events.js';
import { countBuiltInToolCalls } from '../formats/responses/built-in-tool-calls.js';
import { chatToResponsesResponse } from '../formats/responses/chat-to-responses-response.js';
import { responsesOutputText } from '../formats/responses/responses-output-text.js';
import { ResponsesPassthroughStream } from '../formats/responses/responses-passthrough-stream.js';
import { TranslatedStream } from '../formats/translated-stream.js';
import { responsesUsageToOpenAi } from '../formats/responses/responses-usage.js';
import type { Dialect } from './dialect.js';
import type { ClientFormat } from './endpoints.js';
import { RelayError } from './relay-error.js';
import type { RelayRequest } from './relay-request.js';
import { upstreamError } from './upstream-error.js';

export interface AnswerContext {
  requestId: string;
  now: () => number;
  /** the model the client asked for: translated answers carry it */
  model: string;
  /** the prompt-token estimate a Claude client's message_start carries before the upstream counts */
  inputEstimate: number;
  /** a Gemini client that asked for SSE (`alt=sse`) rather than a JSON array */
  sse: boolean;
  /** the channel's own-protocol adapter, for the `hub` dialect */
  hub?: HubAdapter;
}

const seconds = (ctx: AnswerContext) => Math.floor(ctx.now() / 1000);

/**
 * The translator for a stream on this (client format × channel dialect) pair. A guard (the completion
 * check) needs the chunks, so a same-format stream is then decoded and re-encoded rather than passed
 * through — except Responses, whose events have no chunk form here, and which passes through unchecked.
 */
export function streamTranslator(req: RelayRequest, dialect: Dialect, native: boolean, ctx: AnswerContext, guard: ChunkGuard | null = null): StreamTranslator {
  const openAi: OpenAiStreamContext = { includeUsage: req.includeUsage, model: ctx.model, requestId: ctx.requestId, now: ctx.now };
  if (native && (!guard || req.format === 'responses')) {
    switch (req.format) {
      case 'openai':
        return new OpenAiPassthroughStream(openAi);
      case 'claude':
        return new ClaudePassthroughStream();
      case 'gemini':
        return new GeminiPassthroughStream(ctx.sse);
      case 'responses':
        return new ResponsesPassthroughStream();
    }
  }
  return new TranslatedStream(chunkSource(dialect, ctx), chunkSink(req.format, ctx, openAi), guard);
}

function chunkSource(dialect: Dialect, ctx: AnswerContext): ChunkSource {
  switch (dialect) {
    case 'claude':
      return new ClaudeEventsToChatChunks(ctx.model, seconds(ctx));
    case 'gemini':
      return new GeminiEventsToChatChunks({ id: `chatcmpl-${ctx.requestId}`, model: ctx.model, created: seconds(ctx) });
    case 'hub': {
      // upstreamCall sends nothing to a hub row without a chat adapter
      const chat = hubAdapter(ctx).chat;
      if (!chat) throw badBody();
      return chat.stream(hubMeta(ctx));
    }
    default:
      return new OpenAiChunkSource();
  }
}

function chunkSink(format: ClientFormat, ctx: AnswerContext, openAi: OpenAiStreamContext): ChunkSink {
  switch (format) {
    case 'claude':
      return new ChatChunksToClaudeEvents(ctx.model, ctx.inputEstimate, seconds(ctx));
    case 'gemini':
      return new ChatChunksToGeminiEvents({ model: ctx.model, sse: ctx.sse });
    case 'responses':
      return new ChatChunksToResponsesEvents(ctx.model, seconds(ctx));
    default:
      return new ChatChunksToOpenAiFrames(openAi);
  }
}

/** The frame that reports a failure in a stream already under way, when no translator has started yet. */
export function streamFailureFrame(format: ClientFormat, failure: RelayFailure, ctx: AnswerContext): string {
  const openAi: OpenAiStreamContext = { includeUsage: false, model: ctx.model, requestId: ctx.requestId, now: ctx.now };
  return chunkSink(format, ctx, openAi).fail(failure);
}

const badBody = () => new RelayError(502, 'upstream returned a body that is not JSON', { type: 'upstream_error', code: 'bad_response_body', local: false });

/**
 * A complete upstream answer as the client's body. An error inside a 200 is an upstream failure (retryable,
 * not billed); an answer of an unexpected shape is a 502.
 */
export function completeAnswer(req: RelayRequest, dialect: Dialect, native: boolean, buf: Buffer, contentType: string, ctx: AnswerContext): CompleteAnswer {
  if (dialect === 'hub') return hubAnswer(req, buf, ctx);
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(buf.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw badBody();
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw badBody();
  if (errorInside(dialect, json)) throw upstreamError(500, buf.toString('utf8'));

  if (req.kind === 'embeddings') {
    const usage = dialect === 'openai' ? ((json.usage as OpenAiUsage | undefined) ?? null) : null;
    const none = () => ({ text: '', maxToolCalls: 0 });
    if (native) return { body: buf, contentType, usage, delivered: none };
    // a Gemini client on an OpenAI channel
    const body = JSON.stringify(openAiToGeminiEmbeddingResponse(json as unknown as EmbeddingResponse, Array.isArray(req.body.requests)));
    return { body, contentType: 'application/json', usage, delivered: none };
  }

  // the searches the upstream ran are billed per call (billed-tools.ts): Anthropic's whatever the client's format,
  // read here since the chat form has no place for them
  const claudeCalls = dialect === 'claude' ? claudeToolCalls(claudeWebSearchRequests(json.usage) ?? 0) : undefined;
  if (native) {
    const delivered = () => (req.format === 'responses' ? responsesOutputText(json) : completionText(toChat(dialect, json, ctx)));
    const answer: CompleteAnswer = { body: buf, contentType, usage: nativeUsage(req.format, json), delivered };
    if (req.format === 'responses') answer.toolCalls = countBuiltInToolCalls(json.output);
    else if (claudeCalls) answer.toolCalls = claudeCalls;
    return answer;
  }
  const chat = toChat(dialect, json, ctx);
  const answer: CompleteAnswer = { body: JSON.stringify(fromChat(req.format, chat, ctx)), contentType: 'application/json', usage: chat.usage ?? null, delivered: () => completionText(chat) };
  if (claudeCalls) answer.toolCalls = claudeCalls;
  return answer;
}

const hubAdapter = (ctx: AnswerContext): HubAdapter => {
  if (!ctx.hub) throw new Error('hub dialect without an adapter');
  return ctx.hub;
};
const hubMeta = (ctx: AnswerContext) => ({ id: `chatcmpl-${ctx.requestId}`, model: ctx.model, created: seconds(ctx) });
/** The adapter's refusal of an answer: the upstream's failure (retryable, not billed), or its unexpected shape. */
const hubFailure = (f: RelayFailure) => new RelayError(f.status, f.message, { type: f.type, code: f.code, local: false });

/** An own-protocol provider's complete answer: its adapter reads it into the hub form, which the client's format is written from. */
function hubAnswer(req: RelayRequest, buf: Buffer, ctx: AnswerContext): CompleteAnswer {
  const adapter = hubAdapter(ctx);
  if (req.kind === 'embeddings' && adapter.embeddings) {
    const read = adapter.embeddings.answer(buf, hubMeta(ctx));
    if (!read.ok) throw hubFailure(read.failure);
    const usage = read.value.usage.total_tokens > 0 ? read.value.usage : null;
    const body = req.format === 'gemini' ? openAiToGeminiEmbeddingResponse(read.value, Array.isArray(req.body.requests)) : read.value;
    return { body: JSON.stringify(body), contentType: 'application/json', usage, delivered: () => ({ text: '', maxToolCalls: 0 }) };
  }
  if (!adapter.chat) throw badBody();
  const read = adapter.chat.answer(buf, hubMeta(ctx));
  if (!read.ok) throw hubFailure(read.failure);
  const chat = read.value;
  return { body: JSON.stringify(fromChat(req.format, chat, ctx)), contentType: 'application/json', usage: chat.usage ?? null, delivered: () => completionText(chat) };
}

/** A JSON body where a hub provider's stream was expected: its refusal, or (an answer that is not a stream) a bad body. */
export function hubStreamRefusal(buf: Buffer, ctx: AnswerContext): RelayError {
  const read = hubAdapter(ctx).chat?.answer(buf, hubMeta(ctx));
  if (read && !read.ok) return hubFailure(read.failure);
  return new RelayError(502, 'upstream answered a stream request with one JSON body', { type: 'upstream_error', code: 'bad_response_body', local: false });
}

function errorInside(dialect: Dialect, json: Record<string, unknown>): boolean {
  if (dialect === 'claude') return json.type === 'error';
  if (dialect === 'gemini') return !!json.error && !json.candidates;
  return !!json.error && !json.choices && !json.data && !json.output;
}

function nativeUsage(format: ClientFormat, json: Record<string, unknown>): OpenAiUsage | null {
  switch (format) {
    case 'claude':
      return claudeUsageToOpenAi(claudeMessageSchema.safeParse(json).data?.usage);
    case 'gemini':
      return geminiUsageToOpenAi(readGeminiResponse(json)?.usageMetadata);
    case 'responses':
      return responsesUsageToOpenAi(json.usage as Parameters<typeof responsesUsageToOpenAi>[0]);
    default:
      return (json.usage as OpenAiUsage | undefined) ?? null;
  }
}

/** The upstream's complete answer in chat form (the hub). */
function toChat(dialect: Dialect, json: Record<string, unknown>, ctx: AnswerContext): ChatCompletion {
  if (dialect === 'claude') {
    const msg = claudeMessageSchema.safeParse(json);
    if (!msg.success) throw badBody();
    return claudeToOpenAiResponse(msg.data, ctx.model, seconds(ctx));
  }
  if (dialect === 'gemini') {
    const res = readGeminiResponse(json);
    if (!res) throw badBody();
    return geminiToOpenAiResponse(res, { id: `chatcmpl-${ctx.requestId}`, model: ctx.model, created: seconds(ctx) });
  }
  return json as unknown as ChatCompletion;
}

function fromChat(format: ClientFormat, chat: ChatCompletion, ctx: AnswerContext): unknown {
  switch (format) {
    case 'claude':
      return openAiToClaudeResponse(chat, ctx.model);
    case 'gemini':
      return openAiToGeminiResponse(chat, ctx.model);
    case 'responses':
      return chatToResponsesResponse(chat, ctx.model, seconds(ctx));
    default:
      return chat;
  }
}
