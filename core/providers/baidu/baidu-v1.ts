import type { ChunkSource, RelayFailure, SseEvent } from '../../formats/format-contracts.js';
import type { ChatChunk, ChatRequest, OpenAiUsage } from '../../formats/openai/chat-types.js';
import { badShape, failed, jsonObject, messageText, ok, TextDeltas, textCompletion, upstreamFailure, usageOf, type HubAdapter, type HubMeta } from '../hub-adapter.js';
import { mokaInput } from '../mokaai/mokaai.js';

// Baidu Qianfan v1 (ERNIE, cloud.baidu.com/doc/WENXINWORKSHOP/s/clntwmv7t): one endpoint per model under
// {base}/rpc/2.0/ai_custom/v1/wenxinworkshop/, authorised by an access_token query parameter that
// baidu-token.ts fetches (the row's authorize step) from the key `APIKey|SecretKey`.

export const BAIDU_BASE = 'https://aip.baidubce.com';

/** new-api's model → endpoint names; any other model is its own name lowercased. */
const ENDPOINTS: Readonly<Record<string, string>> = {
  'ERNIE-4.0': 'completions_pro',
  'ERNIE-Bot-4': 'completions_pro',
  'ERNIE-Bot': 'completions',
  'ERNIE-Bot-turbo': 'eb-instant',
  'ERNIE-Speed': 'ernie_speed',
  'ERNIE-4.0-8K': 'completions_pro',
  'ERNIE-3.5-8K': 'completions',
  'ERNIE-3.5-8K-0205': 'ernie-3.5-8k-0205',
  'ERNIE-3.5-8K-1222': 'ernie-3.5-8k-1222',
  'ERNIE-Bot-8K': 'ernie_bot_8k',
  'ERNIE-3.5-4K-0205': 'ernie-3.5-4k-0205',
  'ERNIE-Speed-8K': 'ernie_speed',
  'ERNIE-Speed-128K': 'ernie-speed-128k',
  'ERNIE-Lite-8K-0922': 'eb-instant',
  'ERNIE-Lite-8K-0308': 'ernie-lite-8k',
  'ERNIE-Tiny-8K': 'ernie-tiny-8k',
  'BLOOMZ-7B': 'bloomz_7b1',
  'Embedding-V1': 'embedding-v1',
  'bge-large-zh': 'bge_large_zh',
  'bge-large-en': 'bge_large_en',
  'tao-8k': 'tao_8k',
};

const isEmbeddingModel = (model: string) => model.startsWith('Embedding') || model.startsWith('bge-large') || model.startsWith('tao-8k');

/** The model's endpoint URL (the access_token query is added by the authorize step). */
export const baiduUrl = (base: string, model: string): string =>
  `${base}/rpc/2.0/ai_custom/v1/wenxinworkshop/${isEmbeddingModel(model) ? 'embeddings' : 'chat'}/${ENDPOINTS[model] ?? model.toLowerCase()}`;

type Obj = Record<string, unknown>;

/** The hub request as an ERNIE chat body: system messages become `system`, the rest keep their roles. */
export function baiduChatBody(hub: ChatRequest, stream: boolean): Obj {
  const system = hub.messages.filter((m) => m.role === 'system' || m.role === 'developer').map(messageText).join('\n');
  const body: Obj = {
    messages: hub.messages.filter((m) => m.role !== 'system' && m.role !== 'developer').map((m) => ({ role: m.role, content: messageText(m) })),
    stream,
    disable_search: false,
    enable_citation: false,
  };
  if (system) body.system = system;
  if (typeof hub.temperature === 'number') body.temperature = hub.temperature;
  if (typeof hub.top_p === 'number') body.top_p = hub.top_p;
  if (typeof hub.frequency_penalty === 'number') body.penalty_score = hub.frequency_penalty;
  if (typeof hub.user === 'string' && hub.user) body.user_id = hub.user;
  const max = hub.max_completion_tokens ?? hub.max_tokens;
  // ERNIE's smallest max_output_tokens is 2 (new-api raises 1 to 2)
  if (typeof max === 'number' && max > 0) body.max_output_tokens = Math.max(max, 2);
  return body;
}

const baiduError = (body: Obj): RelayFailure | null =>
  typeof body.error_msg === 'string' && body.error_msg ? upstreamFailure(body.error_msg, (body.error_code as number | undefined) ?? null) : null;

const baiduUsage = (u: unknown): OpenAiUsage | null => {
  const o = u !== null && typeof u === 'object' ? (u as Obj) : null;
  if (!o) return null;
  const prompt = typeof o.prompt_tokens === 'number' ? o.prompt_tokens : 0;
  const total = typeof o.total_tokens === 'number' ? o.total_tokens : 0;
  // ERNIE's streamed usage counts the completion inside the total only (new-api derives it the same way)
  return usageOf(prompt, typeof o.completion_tokens === 'number' && o.completion_tokens > 0 ? o.completion_tokens : total - prompt, total);
};

/** ERNIE's SSE: each event a part of the result with the running usage; `is_end` closes it, `error_msg` fails it. */
export class BaiduStream implements ChunkSource {
  private seen: OpenAiUsage | null = null;
  private readonly text: TextDeltas;

  constructor(meta: HubMeta) {
    this.text = new TextDeltas(meta);
  }

  push(ev: SseEvent): { chunks: readonly ChatChunk[]; failure: RelayFailure | null } {
    const body = jsonObject(ev.data);
    if (!body) return { chunks: [], failure: null };
    const failure = baiduError(body);
    if (failure) return { chunks: [], failure };
    if (typeof body.result !== 'string') return { chunks: [], failure: null };
    this.seen = baiduUsage(body.usage) ?? this.seen;
    return this.text.step({ content: body.result }, body.is_end === true ? 'stop' : null);
  }

  usage(): OpenAiUsage | null {
    return this.seen;
  }
}

export const BAIDU_V1: HubAdapter = {
  chat: {
    request: (hub, call) => ok({ url: baiduUrl(call.base, call.model), headers: {}, body: JSON.stringify(baiduChatBody(hub, call.stream)) }),
    answer(body, meta) {
      const json = jsonObject(body);
      if (!json) return failed(badShape('Baidu'));
      const failure = baiduError(json);
      if (failure) return failed(failure);
      if (typeof json.result !== 'string') return failed(badShape('Baidu'));
      return ok(textCompletion(meta, json.result, baiduUsage(json.usage)));
    },
    stream: (meta) => new BaiduStream(meta),
  },
  embeddings: {
    request: (body, call) => ok({ url: baiduUrl(call.base, call.model), headers: {}, body: JSON.stringify({ input: mokaInput(body.input) }) }),
    answer(body, meta) {
      const json = jsonObject(body);
      if (!json) return failed(badShape('Baidu'));
      const failure = baiduError(json);
      if (failure) return failed(failure);
      if (!Array.isArray(json.data)) return failed(badShape('Baidu'));
      const data = json.data.map((d: { embedding?: unknown; index?: unknown }, i) => ({
        object: 'embedding' as const,
        embedding: Array.isArray(d?.embedding) ? (d.embedding as number[]) : [],
        index: typeof d?.index === 'number' ? d.index : i,
      }));
      const u = baiduUsage(json.usage);
      return ok({ object: 'list', data, model: meta.model, usage: { prompt_tokens: u?.prompt_tokens ?? 0, total_tokens: u?.total_tokens ?? 0 } });
    },
  },
};
