import { createParser } from 'eventsource-parser';
import type { ChannelConfig } from '../actors/channel-config.js';
import type { ChunkSource, Converted, RelayFailure, SseEvent } from '../formats/format-contracts.js';
import type { ChatChunk, ChatCompletion, ChatMessage, ChatRequest, EmbeddingRequest, EmbeddingResponse, OpenAiUsage } from '../formats/openai/chat-types.js';

/**
 * The "own protocol" adapter contract: a provider that takes the OpenAI hub request (every client format
 * reaches it through the chat hub, as Claude and Gemini channels do) and answers in its own shape. Every
 * function is pure; the relay does the I/O (core/relay/upstream-request.ts builds, client-answer.ts reads).
 */

/** One request to a hub provider: the channel, its base URL, the key, the upstream model. */
export interface HubCall {
  ch: ChannelConfig;
  base: string;
  key: string;
  model: string;
  stream: boolean;
  /** ms since the epoch: signatures carry the time */
  now: number;
  /** unique per request: the end-user id Dify and Coze need when the client sent no `user` (new-api uses its response id) */
  nonce: string;
  /** the client's query parameters its endpoint lets travel, given only to an adapter with `readsClientQuery` */
  query?: string;
}

/** What goes upstream; header names lowercase (they are laid over the relay's own). */
export interface HubRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** a provider that signs its body (Tencent TC3): the signature headers of another body, for a body the relay changed */
  sign?: (body: string) => Record<string, string>;
}

/**
 * The channel's param_override laid over the provider's own body, as new-api lays it over the converted
 * request (a shallow top-level overwrite, in the provider's vocabulary: Baidu's `penalty_score`, Tencent's
 * `Temperature`); a signed body is signed again. A body that is not a JSON object goes as it was built.
 */
export function withParamOverride<T extends OverridableRequest>(request: T, override: Readonly<Record<string, unknown>> | null): T {
  const built = override ? jsonObject(request.body) : null;
  if (!built) return request;
  const body = JSON.stringify(Object.assign(built, override));
  const headers = request.sign ? Object.assign({}, request.headers, request.sign(body)) : request.headers;
  return Object.assign({}, request, { headers, body });
}

/** A built upstream request param_override can be laid over: a hub provider's, or any dialect's call. */
export interface OverridableRequest {
  url: string;
  headers: Record<string, string>;
  body: string | Buffer;
  sign?: (body: string) => Record<string, string>;
}

/** The identity translated answers carry. */
export interface HubMeta {
  id: string;
  model: string;
  /** seconds */
  created: number;
}

export interface HubAdapter {
  /** the adapter reads the client's query (Xunfei's `api-version`): the relay passes it in HubCall.query */
  readsClientQuery?: boolean;
  chat: {
    request(hub: ChatRequest, call: HubCall): Converted<HubRequest>;
    /** the complete upstream body, as it came (Coze's is an aggregated stream) */
    answer(body: Buffer, meta: HubMeta): Converted<ChatCompletion>;
    stream(meta: HubMeta): ChunkSource;
  } | null;
  embeddings: {
    request(body: EmbeddingRequest, call: HubCall): Converted<HubRequest>;
    answer(body: Buffer, meta: HubMeta): Converted<EmbeddingResponse>;
  } | null;
}

/** The upstream said no inside a 200 (or mid-stream): an upstream failure, retryable, not billed. */
export const upstreamFailure = (message: string, code: string | number | null, status = 500): RelayFailure => ({
  status,
  message,
  type: 'upstream_error',
  code,
});

/** The upstream answered in a shape the adapter does not know. */
export const badShape = (provider: string): RelayFailure => ({
  status: 502,
  message: `${provider} returned a body of an unexpected shape`,
  type: 'upstream_error',
  code: 'bad_response_body',
});

/** The channel cannot be sent this request at all (its key or settings): refused before any cost. */
export const channelRefusal = (message: string): RelayFailure => ({ status: 400, message, type: 'invalid_request_error', code: 'convert_request_failed' });

export const ok = <T>(value: T): Converted<T> => ({ ok: true, value });
export const failed = <T>(failure: RelayFailure): Converted<T> => ({ ok: false, failure });

/** A JSON object body, or null. */
export function jsonObject(text: string | Buffer): Record<string, unknown> | null {
  try {
    const v = JSON.parse(typeof text === 'string' ? text : text.toString('utf8')) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A message's text: a string content, or its text parts joined (new-api's StringContent). */
export function messageText(m: ChatMessage): string {
  if (typeof m.content === 'string') return m.content;
  if (!Array.isArray(m.content)) return '';
  return m.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

/** The SSE events of a whole body (an answer read to its end). */
export function sseEventsOf(body: Buffer): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createParser({ onEvent: (ev) => events.push(ev.event ? { event: ev.event, data: ev.data } : { data: ev.data }) });
  parser.feed(body.toString('utf8'));
  return events;
}

/** One text chunk of the hub stream. */
export function textChunk(meta: HubMeta, delta: ChatChunk['choices'][number]['delta'], finish: ChatChunk['choices'][number]['finish_reason'] = null): ChatChunk {
  return { id: meta.id, object: 'chat.completion.chunk', created: meta.created, model: meta.model, choices: [{ index: 0, delta, finish_reason: finish }] };
}

/**
 * The hub chunks of a provider's text stream: the first delta carries the assistant role; a step with neither
 * text nor a finish yields nothing.
 */
export class TextDeltas {
  private started = false;

  constructor(private readonly meta: HubMeta) {}

  step(text: { content?: unknown; reasoning?: unknown }, finish: ChatChunk['choices'][number]['finish_reason'] = null): { chunks: readonly ChatChunk[]; failure: null } {
    const delta: ChatChunk['choices'][number]['delta'] = {};
    if (!this.started) delta.role = 'assistant';
    if (typeof text.reasoning === 'string' && text.reasoning) delta.reasoning_content = text.reasoning;
    if (typeof text.content === 'string' && text.content) delta.content = text.content;
    if (!delta.content && !delta.reasoning_content && !finish) return { chunks: [], failure: null };
    this.started = true;
    return { chunks: [textChunk(this.meta, delta, finish)], failure: null };
  }
}

/** A text-only completion: one assistant message. */
export function textCompletion(meta: HubMeta, content: string, usage: OpenAiUsage | null, reasoning = ''): ChatCompletion {
  const message: ChatMessage = { role: 'assistant', content };
  if (reasoning) message.reasoning_content = reasoning;
  return { id: meta.id, object: 'chat.completion', created: meta.created, model: meta.model, choices: [{ index: 0, message, finish_reason: 'stop' }], ...(usage ? { usage } : {}) };
}

/**
 * A stream read to its end as one completion (for providers whose blocking mode is a poll loop): the
 * source's chunks concatenated, or the failure it reported.
 */
export function aggregateStream(source: ChunkSource, events: readonly SseEvent[], meta: HubMeta): Converted<ChatCompletion> {
  let content = '';
  let reasoning = '';
  for (const ev of events) {
    const step = source.push(ev);
    if (step.failure) return failed(step.failure);
    for (const chunk of step.chunks) {
      const d = chunk.choices[0]?.delta;
      if (typeof d?.content === 'string') content += d.content;
      if (typeof d?.reasoning_content === 'string') reasoning += d.reasoning_content;
    }
  }
  return ok(textCompletion(meta, content, source.usage(), reasoning));
}

/** Prompt, completion and total from a provider's three counts; null when it counted nothing. */
export function usageOf(prompt: unknown, completion: unknown, total?: unknown): OpenAiUsage | null {
  const p = typeof prompt === 'number' ? prompt : 0;
  const c = typeof completion === 'number' ? completion : 0;
  const t = typeof total === 'number' && total > 0 ? total : p + c;
  return p + c + t > 0 ? { prompt_tokens: p, completion_tokens: c, total_tokens: t } : null;
}
