import type { ChannelConfig } from '../actors/channel-config.js';
import { servesOnlyEmbeddings } from '../contracts/channel-types.js';
import { geminiUpstreamPath } from '../formats/gemini/gemini-settings.js';
import { openAiToGeminiEmbeddingRequest } from '../formats/gemini/openai-to-gemini-embeddings.js';
import type { ChatRequest } from '../formats/openai/chat-types.js';
import type { UpstreamCall } from '../providers/provider.js';
import { providerOf } from '../providers/registry.js';
import { baseUrlOf } from '../providers/upstream-url.js';
import { dialectOf, hasAdapter, speaksNatively, type Dialect } from '../relay/dialect.js';
import { COMPACT_MODEL_SUFFIX, compactBaseModel, compactRequest } from '../relay/responses-compact.js';
import { parseRelayRequest } from '../relay/relay-request.js';
import { upstreamCall, type CallContext } from '../relay/upstream-request.js';

/** The shape of a good answer, by what was asked; `hub-*`: read by the provider's own adapter. */
export type TestKind = 'openai-chat' | 'openai-embeddings' | 'openai-responses' | 'claude' | 'gemini' | 'gemini-embed' | 'hub-chat' | 'hub-embeddings';

export interface TestRequest extends UpstreamCall {
  kind: TestKind;
}

// new-api's refusals for task channels (controller/channel-test.go).
const UNTESTABLE: Readonly<Record<number, string>> = {
  2: 'midjourney channel test is not supported',
  5: 'midjourney plus channel test is not supported!!!',
  36: 'suno channel test is not supported',
};

/** Task channels, and types the relay has no adapter for: a test could only fail, and must not disable them. */
export const untestableReason = (type: number): string | null =>
  UNTESTABLE[type] ?? (hasAdapter(type) ? null : `channel type ${type} (${providerOf(type).name}) has no adapter yet`);

/** The model to test: the one asked for, else the channel's test_model, else its first model, else gpt-4o-mini. */
export const testModelOf = (ch: Pick<ChannelConfig, 'testModel' | 'models'>, asked: string): string =>
  asked.trim() || ch.testModel.trim() || ch.models[0] || 'gpt-4o-mini';

/**
 * new-api's embedding-model test (name contains embedding/embed, starts with m3e, contains bge-, or the type is
 * MokaAI's). Decided on the model actually tested, where new-api looked only at the query parameter; the type
 * rule reads the registry row (any type that serves embeddings and no chat), not a type number.
 */
export function isEmbeddingModel(model: string, type: number): boolean {
  const m = model.toLowerCase();
  return servesOnlyEmbeddings(providerOf(type)) || m.includes('embed') || m.startsWith('m3e') || m.includes('bge-');
}

/** new-api's minimal chat: max_tokens 10; o-series use max_completion_tokens; Gemini models 300; thinking models 50. */
export function testChat(model: string): ChatRequest {
  const base: ChatRequest = { model, messages: [{ role: 'user', content: 'hi' }] };
  if (/^(o\d|gpt-5)/.test(model)) return { ...base, max_completion_tokens: 10 };
  if (model.startsWith('gemini')) return { ...base, max_tokens: 300 };
  if (model.includes('thinking')) return { ...base, max_tokens: 50 };
  return { ...base, max_tokens: 10 };
}

const EMBEDDING_INPUT = 'hello world';

/**
 * new-api tests a Codex channel (and any model named *codex*, which serves the Responses API only) with a
 * Responses request: `{model, input: [{role: user, content: hi}], stream: false}`. Only an OpenAI-dialect row
 * that passes /v1/responses through can send one; another row keeps the chat test.
 */
export function testsWithResponses(type: number, model: string): boolean {
  const row = providerOf(type);
  if (row.responsesOnly) return true;
  return row.dialect === 'openai' && row.responsesApi && model.toLowerCase().includes('codex');
}

export const testResponses = (model: string) => ({ model, input: [{ role: 'user', content: 'hi' }], stream: false });

/**
 * A `…-openai-compact` model where /v1/responses passes through is tested as new-api tests it, with a
 * compaction (`{model, input}` to /v1/responses/compact), mapped and sent under its base name.
 */
export const testsCompaction = (type: number, model: string): boolean => model.endsWith(COMPACT_MODEL_SUFFIX) && speaksNatively('responses', type, compactBaseModel(model));

/** The name the channel's model mapping takes for the tested model (a compaction's base name). */
export const testMappedName = (type: number, model: string): string => (testsCompaction(type, model) ? compactBaseModel(model) : model);

const kindOf = (dialect: Dialect, embeddings: boolean): TestKind => {
  if (dialect === 'hub') return embeddings ? 'hub-embeddings' : 'hub-chat';
  if (dialect === 'openai') return embeddings ? 'openai-embeddings' : 'openai-chat';
  return dialect;
};

/**
 * The request a test sends, built as the relay builds it (upstreamCall) for an OpenAI client asking the tested
 * model: the dialect follows the upstream model (Vertex: Claude or Gemini), an own-protocol provider gets its
 * adapter's request. It is not yet authorized (signed, token added): the caller awaits the row's `authorize`,
 * then lays the JSON content headers under the call's, as forward-attempt does.
 * Gemini embeddings are the exception, since the relay takes them only from Gemini clients. `model` is the
 * tested name and `upstreamModel` the one after the channel's model mapping. Throws what the relay refuses.
 */
export function buildTestRequest(ch: ChannelConfig, model: string, upstreamModel: string, key: string, ctx: CallContext): TestRequest {
  const embeddings = isEmbeddingModel(model, ch.type);
  const dialect = dialectOf(ch.type, upstreamModel);
  if (dialect === 'gemini' && embeddings) {
    const call = openAiToGeminiEmbeddingRequest({ model: upstreamModel, input: EMBEDDING_INPUT }, upstreamModel);
    if (!call.ok) throw new Error(call.failure.message);
    const url = baseUrlOf(ch) + geminiUpstreamPath(upstreamModel, call.action, ctx.settings.gemini);
    return { kind: 'gemini-embed', url, headers: { 'x-goog-api-key': key }, body: JSON.stringify(call.body) };
  }
  if (testsCompaction(ch.type, model)) {
    const parsed = parseRelayRequest('responses', { kind: 'chat', pathModel: null, pathStream: false, batch: false }, Buffer.from(JSON.stringify({ model, input: [{ role: 'user', content: 'hi' }] })), 'application/json');
    return { kind: 'openai-responses', ...upstreamCall(compactRequest(parsed), ch, key, upstreamModel, ctx) };
  }
  if (!embeddings && testsWithResponses(ch.type, upstreamModel)) {
    const req = parseRelayRequest('responses', { kind: 'chat', pathModel: null, pathStream: false, batch: false }, Buffer.from(JSON.stringify(testResponses(model))), 'application/json');
    return { kind: 'openai-responses', ...upstreamCall(req, ch, key, upstreamModel, ctx) };
  }
  const body = embeddings ? { model, input: [EMBEDDING_INPUT] } : testChat(model);
  const req = parseRelayRequest('openai', { kind: embeddings ? 'embeddings' : 'chat', pathModel: null, pathStream: false, batch: false }, Buffer.from(JSON.stringify(body)), 'application/json');
  const call = upstreamCall(req, ch, key, upstreamModel, ctx);
  return { kind: kindOf(dialect, embeddings), ...call };
}
