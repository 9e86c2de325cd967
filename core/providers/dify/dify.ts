import type { ChunkSource, RelayFailure, SseEvent } from '../../formats/format-contracts.js';
import type { ChatChunk, ChatRequest, OpenAiUsage } from '../../formats/openai/chat-types.js';
import { badShape, failed, jsonObject, messageText, ok, textChunk, TextDeltas, textCompletion, upstreamFailure, usageOf, type HubAdapter, type HubCall, type HubMeta } from '../hub-adapter.js';

// Dify's chat app API (docs.dify.ai, "Send Chat Message"): POST {base}/v1/chat-messages with the app's
// Bearer key; blocking answers one JSON message, streaming answers SSE events.

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/** Dify's thinking block markers, as new-api rewrites them for clients that read <think>. */
const THINK_OPEN = '<details style="color:gray;background-color: #f8f8f8;padding: 8px;border-radius: 4px;" open> <summary> Thinking... </summary>\n';
const THINK_CLOSE = '</details>';

/** The client's `user`, else a per-request id (new-api uses its response id): Dify needs an end-user. */
export const endUser = (hub: ChatRequest, call: HubCall): string => (typeof hub.user === 'string' && hub.user ? hub.user : `chatcmpl-${call.nonce}`);

/**
 * The hub request as a chat-messages body: Dify keeps the conversation itself, so the query is the last
 * user message; its remote images go as `files`.
 */
export function difyBody(hub: ChatRequest, call: HubCall): Obj {
  const last = [...hub.messages].reverse().find((m) => m.role === 'user');
  const files = Array.isArray(last?.content)
    ? last.content.flatMap((p) => (p.type === 'image_url' && /^https?:\/\//i.test(p.image_url.url) ? [{ type: 'image', transfer_mode: 'remote_url', url: p.image_url.url }] : []))
    : [];
  return {
    inputs: {},
    query: last ? messageText(last) : '',
    response_mode: call.stream ? 'streaming' : 'blocking',
    user: endUser(hub, call),
    auto_generate_name: false,
    files,
  };
}

const difyUsage = (metadata: unknown): OpenAiUsage | null => {
  const u = obj(obj(metadata)?.usage);
  return u ? usageOf(u.prompt_tokens, u.completion_tokens, u.total_tokens) : null;
};

const difyError = (body: Obj): RelayFailure =>
  upstreamFailure(typeof body.message === 'string' ? body.message : 'Dify error', (body.code as string | undefined) ?? null, typeof body.status === 'number' && body.status >= 400 ? body.status : 500);

/**
 * Dify's SSE: `message` / `agent_message` carry answer text, `message_end` the usage, `error` a failure;
 * workflow, node, ping and other events are skipped.
 */
export class DifyStream implements ChunkSource {
  private seen: OpenAiUsage | null = null;
  private readonly text: TextDeltas;

  constructor(private readonly meta: HubMeta) {
    this.text = new TextDeltas(meta);
  }

  push(ev: SseEvent): { chunks: readonly ChatChunk[]; failure: RelayFailure | null } {
    const body = jsonObject(ev.data);
    if (!body) return { chunks: [], failure: null };
    switch (body.event) {
      case 'message':
      case 'agent_message': {
        const answer = body.answer === THINK_OPEN ? '<think>' : body.answer === THINK_CLOSE ? '</think>' : body.answer;
        return this.text.step({ content: answer });
      }
      case 'message_end':
        this.seen = difyUsage(body.metadata) ?? this.seen;
        return { chunks: [textChunk(this.meta, {}, 'stop')], failure: null };
      case 'error':
        return { chunks: [], failure: difyError(body) };
      default:
        return { chunks: [], failure: null };
    }
  }

  usage(): OpenAiUsage | null {
    return this.seen;
  }
}

export const DIFY: HubAdapter = {
  chat: {
    request: (hub, call) =>
      ok({ url: `${call.base}/v1/chat-messages`, headers: { authorization: `Bearer ${call.key}` }, body: JSON.stringify(difyBody(hub, call)) }),
    answer(body, meta) {
      const json = jsonObject(body);
      if (!json) return failed(badShape('Dify'));
      if (json.event === 'error' || (typeof json.code === 'string' && typeof json.message === 'string' && json.answer === undefined)) return failed(difyError(json));
      if (typeof json.answer !== 'string') return failed(badShape('Dify'));
      return ok(textCompletion(meta, json.answer, difyUsage(json.metadata)));
    },
    stream: (meta) => new DifyStream(meta),
  },
  embeddings: null,
};
