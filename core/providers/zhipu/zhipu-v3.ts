import type { ChunkSource, RelayFailure, SseEvent } from '../../formats/format-contracts.js';
import type { ChatChunk, ChatCompletion, ChatRequest, OpenAiUsage } from '../../formats/openai/chat-types.js';
import { badShape, channelRefusal, failed, jsonObject, messageText, ok, TextDeltas, upstreamFailure, usageOf, type HubAdapter, type HubMeta } from '../hub-adapter.js';
import { zhipuToken } from './zhipu-token.js';

// Zhipu ChatGLM v3 (type 16, new-api's relay/channel/zhipu): POST {base}/api/paas/v3/model-api/{model}/invoke,
// or /sse-invoke for a stream, with the JWT signed from the `id.secret` key as the bare Authorization value.

type Obj = Record<string, unknown>;
/** Zhipu's answer code for an expired token (besides a 401): the cached JWT is signed again. */
export const ZHIPU_TOKEN_REFUSED = [1003] as const;

const obj = (v: unknown): Obj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/** The model's endpoint: invoke answers one JSON body, sse-invoke an event stream. */
export const zhipuV3Url = (base: string, model: string, stream: boolean): string =>
  `${base}/api/paas/v3/model-api/${encodeURIComponent(model)}/${stream ? 'sse-invoke' : 'invoke'}`;

/**
 * The hub request as a v3 body (new-api's requestOpenAI2Zhipu): the messages as `prompt`, each system message
 * followed by a user "Okay"; top_p below 1 (0.99 at most) and only when set; the stream incremental.
 */
export function zhipuV3Body(hub: ChatRequest, stream: boolean): Obj {
  const prompt: Array<{ role: string; content: string }> = [];
  for (const m of hub.messages) {
    if (m.role === 'system' || m.role === 'developer') prompt.push({ role: 'system', content: messageText(m) }, { role: 'user', content: 'Okay' });
    else prompt.push({ role: m.role, content: messageText(m) });
  }
  const body: Obj = { prompt };
  if (typeof hub.temperature === 'number') body.temperature = hub.temperature;
  if (typeof hub.top_p === 'number' && hub.top_p > 0) body.top_p = Math.min(hub.top_p, 0.99);
  // sse-invoke's default, said aloud: each event carries the new text only
  if (stream) body.incremental = true;
  return body;
}

const zhipuUsage = (u: unknown): OpenAiUsage | null => {
  const o = obj(u);
  return o ? usageOf(o.prompt_tokens, o.completion_tokens, o.total_tokens) : null;
};

const zhipuError = (body: Obj): RelayFailure | null =>
  body.success === false ? upstreamFailure(typeof body.msg === 'string' && body.msg ? body.msg : 'Zhipu refused the request', (body.code as number | string | undefined) ?? null) : null;

/**
 * The sse-invoke stream, its `meta:` lines already made `meta` events (zhipu-v3-event-stream.ts): `add` (or an
 * unnamed event) and `finish` carry text, `meta` the usage; `error` fails the stream; `interrupted` (Zhipu
 * stopped the answer, a sensitive-word hit) ends it as content_filter. Other events are skipped.
 */
export class ZhipuV3Stream implements ChunkSource {
  private seen: OpenAiUsage | null = null;
  private readonly text: TextDeltas;

  constructor(meta: HubMeta) {
    this.text = new TextDeltas(meta);
  }

  push(ev: SseEvent): { chunks: readonly ChatChunk[]; failure: RelayFailure | null } {
    switch (ev.event ?? 'add') {
      case 'add':
        return this.text.step({ content: ev.data });
      case 'finish':
        return this.text.step({ content: ev.data }, 'stop');
      case 'meta':
        this.seen = zhipuUsage(jsonObject(ev.data)?.usage) ?? this.seen;
        return { chunks: [], failure: null };
      case 'interrupted':
        return this.text.step({ content: ev.data }, 'content_filter');
      case 'error':
        return { chunks: [], failure: upstreamFailure(ev.data || 'Zhipu stream error', null) };
      default:
        return { chunks: [], failure: null };
    }
  }

  usage(): OpenAiUsage | null {
    return this.seen;
  }
}

/** The invoke answer: every choice (its content without the quotes v3 wraps it in), the last one finished. */
function zhipuV3Answer(body: Buffer, meta: HubMeta) {
  const json = jsonObject(body);
  if (!json) return failed<ChatCompletion>(badShape('Zhipu'));
  const failure = zhipuError(json);
  if (failure) return failed<ChatCompletion>(failure);
  const data = obj(json.data);
  if (!data || !Array.isArray(data.choices)) return failed<ChatCompletion>(badShape('Zhipu'));
  const last = data.choices.length - 1;
  const choices: ChatCompletion['choices'] = data.choices.map((c: unknown, index) => ({
    index,
    message: { role: 'assistant', content: String(obj(c)?.content ?? '').replace(/^"+|"+$/g, '') },
    finish_reason: index === last ? 'stop' : null,
  }));
  const usage = zhipuUsage(data.usage);
  return ok<ChatCompletion>({ id: meta.id, object: 'chat.completion', created: meta.created, model: meta.model, choices, ...(usage ? { usage } : {}) });
}

export const ZHIPU_V3: HubAdapter = {
  chat: {
    request(hub, call) {
      const token = zhipuToken(call.key, call.now);
      if (!token) return failed(channelRefusal('Zhipu key must be id.secret'));
      return ok({ url: zhipuV3Url(call.base, call.model, call.stream), headers: { authorization: token }, body: JSON.stringify(zhipuV3Body(hub, call.stream)) });
    },
    answer: zhipuV3Answer,
    stream: (meta) => new ZhipuV3Stream(meta),
  },
  embeddings: null,
};
