import type { ChunkSource, RelayFailure, SseEvent } from '../../formats/format-contracts.js';
import type { ChatChunk, ChatRequest, OpenAiUsage } from '../../formats/openai/chat-types.js';
import { aggregateStream, channelRefusal, failed, jsonObject, messageText, ok, sseEventsOf, textChunk, TextDeltas, upstreamFailure, usageOf, type HubAdapter, type HubCall, type HubMeta } from '../hub-adapter.js';

// Coze's v3 chat API (coze.cn/docs/developer_guides/chat_v3): POST {base}/v3/chat with a Bearer token; the
// bot is the channel's `other` (bot_id). The blocking mode answers "in progress" and must be polled
// (new-api loops on /v3/chat/retrieve); streaming gives the same answer in one request, so a non-stream
// client's answer is the stream read to its end.

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/** The client's `user`, else a per-request id (new-api uses its response id). */
const userId = (hub: ChatRequest, call: HubCall): string => (typeof hub.user === 'string' && hub.user ? hub.user : `chatcmpl-${call.nonce}`);

/** The hub request as a v3 chat body: the conversation's user and assistant turns as additional_messages. */
export function cozeBody(hub: ChatRequest, call: HubCall, botId: string): Obj {
  const additional_messages = hub.messages.flatMap((m) => {
    if (m.role === 'user') return [{ role: 'user', content: messageText(m), content_type: 'text' }];
    if (m.role === 'assistant') return [{ role: 'assistant', type: 'answer', content: messageText(m), content_type: 'text' }];
    return [];
  });
  return { bot_id: botId, user_id: userId(hub, call), additional_messages, stream: true };
}

const failureOf = (e: Obj | null, fallback: string): RelayFailure =>
  upstreamFailure(typeof e?.msg === 'string' ? e.msg : typeof e?.message === 'string' ? e.message : fallback, (e?.code as number | undefined) ?? null);

/**
 * Coze's SSE: `conversation.message.delta` carries answer text (and reasoning), `conversation.chat.completed`
 * the usage, `conversation.chat.failed` and `error` a failure; the completed message repeats the deltas and
 * is skipped, as is every other event.
 */
export class CozeStream implements ChunkSource {
  private seen: OpenAiUsage | null = null;
  private readonly text: TextDeltas;

  constructor(private readonly meta: HubMeta) {
    this.text = new TextDeltas(meta);
  }

  push(ev: SseEvent): { chunks: readonly ChatChunk[]; failure: RelayFailure | null } {
    const body = jsonObject(ev.data);
    switch (ev.event) {
      case 'conversation.message.delta': {
        // only the answer's text: tool calls, verbose notes and audio travel as deltas too
        if (!body || (body.type !== undefined && body.type !== 'answer') || (body.content_type !== undefined && body.content_type !== 'text')) return { chunks: [], failure: null };
        return this.text.step({ content: body.content, reasoning: body.reasoning_content });
      }
      case 'conversation.chat.completed': {
        const u = obj(body?.usage);
        this.seen = (u && usageOf(u.input_count, u.output_count, u.token_count)) ?? this.seen;
        return { chunks: [textChunk(this.meta, {}, 'stop')], failure: null };
      }
      case 'conversation.chat.failed':
        return { chunks: [], failure: failureOf(obj(body?.last_error), 'Coze chat failed') };
      case 'error':
        return { chunks: [], failure: failureOf(body, 'Coze error') };
      default:
        return { chunks: [], failure: null };
    }
  }

  usage(): OpenAiUsage | null {
    return this.seen;
  }
}

export const COZE: HubAdapter = {
  chat: {
    request(hub, call) {
      const botId = call.ch.other.trim();
      if (!botId) return failed(channelRefusal('Coze channel has no bot_id (set it in the channel\'s "other" field)'));
      return ok({
        url: `${call.base}/v3/chat`,
        headers: { authorization: `Bearer ${call.key}`, accept: 'text/event-stream' },
        body: JSON.stringify(cozeBody(hub, call, botId)),
      });
    },
    answer(body, meta) {
      // an error before the stream began comes as one JSON object ({code, msg})
      const json = jsonObject(body);
      if (json) return failed(failureOf(json, 'Coze error'));
      return aggregateStream(new CozeStream(meta), sseEventsOf(body), meta);
    },
    stream: (meta) => new CozeStream(meta),
  },
  embeddings: null,
};
