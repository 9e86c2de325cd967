import type { ChunkSource, Converted, RelayFailure, SseEvent } from '../../formats/format-contracts.js';
import type { ChatChunk, ChatCompletion, ChatMessage, ChatRequest, ChatToolCall, OpenAiUsage } from '../../formats/openai/chat-types.js';
import { badShape, channelRefusal, failed, jsonObject, messageText, ok, sseEventsOf, TextDeltas, textChunk, upstreamFailure, usageOf, type HubAdapter, type HubMeta } from '../hub-adapter.js';
import { sparkAuthUrl } from './spark-auth.js';
import { wsTransport } from './ws-transport.js';

// Xunfei Spark (www.xfyun.cn/doc/spark/Web.html) as new-api's xunfei adaptor speaks it: one WebSocket per
// request to {base}/{api version}/chat, the request as one JSON message, the answer as JSON frames until
// `status: 2`. The socket is ws-transport.ts's; here everything is pure.

/** Stored as https, as the console stores every base URL (channel-rules.ts); the socket goes to wss://spark-api.xf-yun.com. */
export const SPARK_BASE = 'https://spark-api.xf-yun.com';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/** The long-context models Xunfei serves at /chat/{name} with the name as the domain. */
const NAMED_ENDPOINTS = new Set(['pro-128k', 'max-32k']);

/**
 * The API version (new-api's getAPIVersion): the client's `api-version` query first, then a model name of two
 * dash-separated parts (`SparkDesk-v3.5`), then the channel's `other`, else v1.1.
 */
export function sparkVersion(model: string, other: string, query = ''): string {
  // it becomes a path segment of the socket URL: only a version-like word is taken (`v3.5`, `pro-128k`)
  const asked = query ? new URLSearchParams(query).get('api-version') : null;
  if (asked && /^[A-Za-z0-9][\w.-]{0,31}$/.test(asked)) return asked;
  const parts = model.split('-');
  if (parts.length === 2 && parts[1]) return parts[1];
  return other.trim() || 'v1.1';
}

/** The `domain` each API version serves (new-api's apiVersion2domain; pro-128k and max-32k are their own). */
export function sparkDomain(version: string): string {
  switch (version) {
    case 'v1.1':
      return 'lite';
    case 'v2.1':
      return 'generalv2';
    case 'v3.1':
      return 'generalv3';
    case 'v3.5':
      return 'generalv3.5';
    case 'v4.0':
      return '4.0Ultra';
  }
  return NAMED_ENDPOINTS.has(version) ? version : `general${version}`;
}

/** The socket URL of a version under the base (an http(s) base, as the console stores it, taken as ws(s)). */
export function sparkEndpoint(base: string, version: string): string {
  const root = base.replace(/^http(s?):\/\//i, 'ws$1://');
  return NAMED_ENDPOINTS.has(version) ? `${root}/chat/${version}` : `${root}/${version}/chat`;
}

/**
 * The hub request as Spark's message (new-api's requestOpenAI2Xunfei): system messages become a user turn
 * answered "Okay" except on v3.5 models, which take a system role; `n` goes as `top_k`, as new-api sends it;
 * function tools as `payload.functions`.
 */
export function sparkBody(hub: ChatRequest, appId: string, domain: string, model: string): Obj {
  const keepSystem = model.endsWith('3.5');
  const text: Array<{ role: string; content: string }> = [];
  for (const m of hub.messages) {
    const system = m.role === 'system' || m.role === 'developer';
    if (system && !keepSystem) text.push({ role: 'user', content: messageText(m) }, { role: 'assistant', content: 'Okay' });
    else text.push({ role: system ? 'system' : m.role, content: messageText(m) });
  }
  const chat: Obj = { domain };
  if (typeof hub.temperature === 'number') chat.temperature = hub.temperature;
  if (typeof hub.n === 'number' && hub.n > 0) chat.top_k = hub.n;
  const maxTokens = hub.max_completion_tokens ?? hub.max_tokens;
  if (typeof maxTokens === 'number' && maxTokens > 0) chat.max_tokens = maxTokens;
  const header: Obj = { app_id: appId };
  if (typeof hub.user === 'string' && hub.user) header.uid = hub.user.slice(0, 32);
  const payload: Obj = { message: { text } };
  const functions = (hub.tools ?? []).filter((t) => t.type === 'function').map((t) => t.function);
  if (functions.length) payload.functions = { text: functions };
  return { header, parameter: { chat }, payload };
}

/** A frame whose header code is not 0: Xunfei's refusal (auth, quota, content audit), sent as the only frame. */
function frameError(frame: Obj): RelayFailure | null {
  const header = obj(frame.header);
  const code = header?.code;
  if (code === undefined || code === null || code === 0) return null;
  const message = typeof header?.message === 'string' && header.message ? header.message : 'Xunfei Spark error';
  return upstreamFailure(message, typeof code === 'number' || typeof code === 'string' ? code : null);
}

const isLastFrame = (frame: Obj): boolean => obj(frame.header)?.status === 2 || obj(obj(frame.payload)?.choices)?.status === 2;

/** Whether a socket message ends the answer: the `status: 2` frame, or an error frame (Xunfei closes after it). */
export function sparkMessageIsLast(message: string): boolean {
  const frame = jsonObject(message);
  return frame !== null && (isLastFrame(frame) || frameError(frame) !== null);
}

const sparkUsage = (payload: Obj | null): OpenAiUsage | null => {
  const u = obj(obj(payload?.usage)?.text);
  return u ? usageOf(u.prompt_tokens, u.completion_tokens, u.total_tokens) : null;
};

/** A frame's function call as the hub's tool call. */
function toolCallOf(item: Obj | null, meta: HubMeta): ChatToolCall | null {
  const fc = obj(item?.function_call);
  if (!fc || typeof fc.name !== 'string') return null;
  const args = typeof fc.arguments === 'string' ? fc.arguments : JSON.stringify(fc.arguments ?? {});
  return { id: `call_${meta.id}`, type: 'function', function: { name: fc.name, arguments: args } };
}

/**
 * Spark's frames (one SSE event each, as ws-transport relays them) as hub chunks: each frame's
 * `payload.choices.text[0]` a delta, its `function_call` a tool call, `status: 2` the finish; usage comes in
 * the last frame; a frame with a non-zero code is the upstream's failure.
 */
export class SparkStream implements ChunkSource {
  private seen: OpenAiUsage | null = null;
  private readonly text: TextDeltas;
  private called = false;

  constructor(private readonly meta: HubMeta) {
    this.text = new TextDeltas(meta);
  }

  push(ev: SseEvent): { chunks: readonly ChatChunk[]; failure: RelayFailure | null } {
    const frame = jsonObject(ev.data);
    if (!frame) return { chunks: [], failure: null };
    const failure = frameError(frame);
    if (failure) return { chunks: [], failure };
    const payload = obj(frame.payload);
    this.seen = sparkUsage(payload) ?? this.seen;
    const choices = obj(payload?.choices);
    const item = obj(Array.isArray(choices?.text) ? choices.text[0] : null);
    const last = isLastFrame(frame);
    const call = toolCallOf(item, this.meta);
    if (!call) return this.text.step({ content: item?.content }, last ? (this.called ? 'tool_calls' : 'stop') : null);
    this.called = true;
    const chunks = [...this.text.step({ content: item?.content }).chunks];
    const { id, type, function: fn } = call;
    chunks.push(textChunk(this.meta, { role: 'assistant', tool_calls: [{ index: 0, id, type, function: fn }] }, last ? 'tool_calls' : null));
    return { chunks, failure: null };
  }

  usage(): OpenAiUsage | null {
    return this.seen;
  }
}

/** The whole answer (every frame, as SSE events) as one completion. */
export function sparkCompletion(body: Buffer, meta: HubMeta): Converted<ChatCompletion> {
  const events = sseEventsOf(body);
  if (!events.length) return failed(badShape('Xunfei Spark'));
  const source = new SparkStream(meta);
  let content = '';
  const calls: ChatToolCall[] = [];
  for (const ev of events) {
    const step = source.push(ev);
    if (step.failure) return failed(step.failure);
    for (const chunk of step.chunks) {
      const d = chunk.choices[0]!.delta;
      if (typeof d.content === 'string') content += d.content;
      for (const t of d.tool_calls ?? []) if (t.id && t.function?.name !== undefined) calls.push({ id: t.id, type: 'function', function: { name: t.function.name, arguments: t.function.arguments ?? '' } });
    }
  }
  const message: ChatMessage = { role: 'assistant', content };
  if (calls.length) message.tool_calls = calls;
  const usage = source.usage();
  const completion: ChatCompletion = { id: meta.id, object: 'chat.completion', created: meta.created, model: meta.model, choices: [{ index: 0, message, finish_reason: calls.length ? 'tool_calls' : 'stop' }] };
  if (usage) completion.usage = usage;
  return ok(completion);
}

export const SPARK: HubAdapter = {
  readsClientQuery: true,
  chat: {
    request(hub, call) {
      const [appId, apiSecret, apiKey] = call.key.split('|');
      if (!appId || !apiSecret || !apiKey) return failed(channelRefusal('Xunfei Spark key must be APPID|APISecret|APIKey'));
      const version = sparkVersion(call.model, call.ch.other, call.query);
      const url = sparkAuthUrl(sparkEndpoint(call.base, version), apiKey, apiSecret, new Date(call.now));
      return ok({ url, headers: {}, body: JSON.stringify(sparkBody(hub, appId, sparkDomain(version), call.model)) });
    },
    answer: sparkCompletion,
    stream: (meta) => new SparkStream(meta),
  },
  embeddings: null,
};

/** Spark's socket: the request sent as one message, frames read until the last. */
export const SPARK_TRANSPORT = wsTransport({ isLast: sparkMessageIsLast });
