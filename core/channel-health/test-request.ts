import type { ChannelConfig } from '../actors/channel-config.js';
import { openAiToClaudeRequest } from '../formats/claude/openai-to-claude-request.js';
import { geminiUpstreamPath } from '../formats/gemini/gemini-settings.js';
import { openAiToGeminiEmbeddingRequest } from '../formats/gemini/openai-to-gemini-embeddings.js';
import { openAiToGeminiRequest } from '../formats/gemini/openai-to-gemini-request.js';
import type { ChatRequest } from '../formats/openai/chat-types.js';
import { providerOf } from '../providers/registry.js';
import { upstreamAuthHeaders, upstreamUrl } from '../providers/upstream-url.js';
import { dialectOf } from '../relay/dialect.js';
import type { FormatSettings } from '../relay/format-settings-view.js';

/** The shape of a good answer, by what was asked. */
export type TestKind = 'openai-chat' | 'openai-embeddings' | 'claude' | 'gemini' | 'gemini-embed';

export interface TestRequest {
  kind: TestKind;
  url: string;
  headers: Record<string, string>;
  body: string;
}

// new-api's refusals for task channels (controller/channel-test.go).
const UNTESTABLE: Readonly<Record<number, string>> = {
  2: 'midjourney channel test is not supported',
  5: 'midjourney plus channel test is not supported!!!',
  36: 'suno channel test is not supported',
};

export const untestableReason = (type: number): string | null => UNTESTABLE[type] ?? null;

/** The model to test: the one asked for, else the channel's test_model, else its first model, else gpt-4o-mini. */
export const testModelOf = (ch: Pick<ChannelConfig, 'testModel' | 'models'>, asked: string): string =>
  asked.trim() || ch.testModel.trim() || ch.models[0] || 'gpt-4o-mini';

/**
 * new-api's embedding-model test (name contains embedding/embed, starts with m3e, contains bge-, or MokaAI 44).
 * Decided on the model actually tested, where new-api looked only at the query parameter.
 */
export function isEmbeddingModel(model: string, type: number): boolean {
  const m = model.toLowerCase();
  return type === 44 || m.includes('embed') || m.startsWith('m3e') || m.includes('bge-');
}

/** new-api's minimal chat: max_tokens 10; o-series use max_completion_tokens; Gemini models 300; thinking models 50. */
export function testChat(model: string): ChatRequest {
  const base: ChatRequest = { model, messages: [{ role: 'user', content: 'hi' }] };
  if (/^(o\d|gpt-5)/.test(model)) return { ...base, max_completion_tokens: 10 };
  if (model.startsWith('gemini')) return { ...base, max_tokens: 300 };
  if (model.includes('thinking')) return { ...base, max_tokens: 50 };
  return { ...base, max_tokens: 10 };
}

const AZURE_API_VERSION = '2025-04-01-preview';
const EMBEDDING_INPUT = 'hello world';

/**
 * The request a test sends, in the channel's own dialect: Anthropic Messages (14), Gemini generateContent or
 * embedContent (24), otherwise OpenAI chat or embeddings. `model` is the tested name and `upstreamModel`
 * the one after the channel's model mapping. Throws what the converters refuse.
 */
export function buildTestRequest(ch: ChannelConfig, model: string, upstreamModel: string, key: string, settings: FormatSettings): TestRequest {
  const json = { 'content-type': 'application/json', accept: 'application/json', 'accept-encoding': 'identity' };
  const base = ch.baseUrl || providerOf(ch.type).defaultBaseUrl;
  const embeddings = isEmbeddingModel(model, ch.type);
  switch (dialectOf(ch.type)) {
    case 'claude': {
      const body = openAiToClaudeRequest({ ...testChat(model), model: upstreamModel }, settings.claude);
      return { kind: 'claude', url: `${base}/v1/messages`, headers: { ...json, 'x-api-key': key, 'anthropic-version': '2023-06-01' }, body: JSON.stringify(body) };
    }
    case 'gemini': {
      const headers = { ...json, 'x-goog-api-key': key };
      if (embeddings) {
        const call = openAiToGeminiEmbeddingRequest({ model: upstreamModel, input: EMBEDDING_INPUT }, upstreamModel);
        if (!call.ok) throw new Error(call.failure.message);
        return { kind: 'gemini-embed', url: base + geminiUpstreamPath(upstreamModel, call.action, settings.gemini), headers, body: JSON.stringify(call.body) };
      }
      const converted = openAiToGeminiRequest({ ...testChat(model), model: upstreamModel }, { settings: settings.gemini });
      if (!converted.ok) throw new Error(converted.failure.message);
      return { kind: 'gemini', url: base + geminiUpstreamPath(converted.model, 'generateContent', settings.gemini), headers, body: JSON.stringify(converted.request) };
    }
    default: {
      const headers = { ...json, ...upstreamAuthHeaders(ch, key) };
      if (embeddings) {
        const url = upstreamUrl(ch, '/v1/embeddings', '', upstreamModel, AZURE_API_VERSION);
        return { kind: 'openai-embeddings', url, headers, body: JSON.stringify({ model: upstreamModel, input: [EMBEDDING_INPUT] }) };
      }
      const url = upstreamUrl(ch, '/v1/chat/completions', '', upstreamModel, AZURE_API_VERSION);
      return { kind: 'openai-chat', url, headers, body: JSON.stringify({ ...testChat(model), model: upstreamModel }) };
    }
  }
}
