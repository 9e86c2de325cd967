import type { ChunkSource, RelayFailure, SseEvent } from '../../formats/format-contracts.js';
import type { ChatChunk, ChatFinishReason, ChatRequest, OpenAiUsage } from '../../formats/openai/chat-types.js';
import { badShape, channelRefusal, failed, jsonObject, messageText, ok, TextDeltas, textCompletion, upstreamFailure, usageOf, type HubAdapter, type HubMeta } from '../hub-adapter.js';
import { tc3Sign } from './tc3-sign.js';

// Tencent Hunyuan, API 3.0 (cloud.tencent.com/document/product/1729/105701): action ChatCompletions,
// version 2023-09-01, POST {base}/ signed with TC3-HMAC-SHA256; the key is `AppId|SecretId|SecretKey`.
export const HUNYUAN_ACTION = 'ChatCompletions';
export const HUNYUAN_VERSION = '2023-09-01';
const SERVICE = 'hunyuan';
const CONTENT_TYPE = 'application/json';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/** The OpenAI hub request as Hunyuan's ChatCompletions body (new-api's requestOpenAI2Tencent). */
export function hunyuanBody(hub: ChatRequest, model: string, stream: boolean): Obj {
  const body: Obj = {
    Model: model,
    Messages: hub.messages.map((m) => ({ Role: m.role === 'developer' ? 'system' : m.role, Content: messageText(m) })),
    Stream: stream,
  };
  if (typeof hub.top_p === 'number') body.TopP = hub.top_p;
  if (typeof hub.temperature === 'number') body.Temperature = hub.temperature;
  return body;
}

function error(e: unknown): RelayFailure | null {
  const err = obj(e);
  if (!err) return null;
  const message = typeof err.Message === 'string' ? err.Message : typeof err.Msg === 'string' ? err.Msg : 'Hunyuan error';
  return upstreamFailure(message, (err.Code as string | number | undefined) ?? null);
}

const finishOf = (reason: unknown): ChatFinishReason => (reason === 'stop' ? 'stop' : reason === 'length' ? 'length' : reason === 'sensitive' ? 'content_filter' : null);

const hunyuanUsage = (u: unknown): OpenAiUsage | null => {
  const o = obj(u);
  return o ? usageOf(o.PromptTokens, o.CompletionTokens, o.TotalTokens) : null;
};

/**
 * Hunyuan's SSE: each event a whole response with `Choices[].Delta` and the running `Usage`; an
 * `ErrorMsg` (or an API `Error`) is a failure in the middle of the stream.
 */
export class HunyuanStream implements ChunkSource {
  private seen: OpenAiUsage | null = null;
  private readonly text: TextDeltas;

  constructor(meta: HubMeta) {
    this.text = new TextDeltas(meta);
  }

  push(ev: SseEvent): { chunks: readonly ChatChunk[]; failure: RelayFailure | null } {
    const body = jsonObject(ev.data);
    if (!body) return { chunks: [], failure: null };
    const failure = error(body.ErrorMsg) ?? error(obj(body.Response)?.Error) ?? error(body.Error);
    if (failure) return { chunks: [], failure };
    this.seen = hunyuanUsage(body.Usage) ?? this.seen;
    const choice = obj(Array.isArray(body.Choices) ? body.Choices[0] : null);
    if (!choice) return { chunks: [], failure: null };
    const content = obj(choice.Delta)?.Content;
    return this.text.step({ content }, finishOf(choice.FinishReason));
  }

  usage(): OpenAiUsage | null {
    return this.seen;
  }
}

export const HUNYUAN: HubAdapter = {
  chat: {
    request(hub, call) {
      const [appId, secretId, secretKey] = call.key.split('|');
      if (!appId || !secretId || !secretKey) return failed(channelRefusal('Tencent Hunyuan key must be AppId|SecretId|SecretKey'));
      const payload = JSON.stringify(hunyuanBody(hub, call.model, call.stream));
      const timestamp = Math.floor(call.now / 1000);
      const signed = { 'content-type': CONTENT_TYPE, host: new URL(call.base).host, 'x-tc-action': HUNYUAN_ACTION };
      // the relay may lay the channel's param_override over the body: it is signed again then
      const sign = (body: string) => ({ authorization: tc3Sign({ secretId, secretKey, service: SERVICE, timestamp, headers: signed, payload: body }).authorization });
      return ok({
        url: `${call.base}/`,
        headers: {
          ...sign(payload),
          'content-type': CONTENT_TYPE,
          'x-tc-action': HUNYUAN_ACTION,
          'x-tc-version': HUNYUAN_VERSION,
          'x-tc-timestamp': String(timestamp),
        },
        body: payload,
        sign,
      });
    },
    answer(body, meta) {
      const res = obj(jsonObject(body)?.Response);
      if (!res) return failed(badShape('Tencent Hunyuan'));
      const failure = error(res.Error);
      if (failure) return failed(failure);
      const choice = obj(Array.isArray(res.Choices) ? res.Choices[0] : null);
      const content = obj(choice?.Message)?.Content;
      if (typeof content !== 'string') return failed(badShape('Tencent Hunyuan'));
      const completion = textCompletion(meta, content, hunyuanUsage(res.Usage));
      completion.choices[0]!.finish_reason = finishOf(choice?.FinishReason) ?? 'stop';
      return ok(completion);
    },
    stream: (meta) => new HunyuanStream(meta),
  },
  embeddings: null,
};
