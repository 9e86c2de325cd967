import { randomUUID } from 'node:crypto';
import type { ChannelConfig } from '../actors/channel-config.js';
import { openAiToClaudeRequest } from '../formats/claude/openai-to-claude-request.js';
import { geminiUpstreamPath, type GeminiAction } from '../formats/gemini/gemini-settings.js';
import { openAiToGeminiRequest } from '../formats/gemini/openai-to-gemini-request.js';
import type { Converted } from '../formats/format-contracts.js';
import type { ChatRequest, EmbeddingRequest } from '../formats/openai/chat-types.js';
import type { HubCall, HubRequest, OverridableRequest } from '../providers/hub-adapter.js';
import type { UpstreamCall } from '../providers/provider.js';
import { providerOf } from '../providers/registry.js';
import { baseUrlOf, upstreamAuthHeaders, upstreamUrl } from '../providers/upstream-url.js';
import { acceptsStreamOptions, dialectOf, hasAdapter, speaksNatively } from './dialect.js';
import type { FormatSettings } from './format-settings-view.js';
import { withChannelParamOverride } from './param-override.js';
import { localError } from './relay-error.js';
import { inlineClaudeSources, type InlinedImages } from './inline-images.js';
import { failureError, type RelayRequest } from './relay-request.js';
import { upstreamBody } from './upstream-body.js';

export type { UpstreamCall } from '../providers/provider.js';

export interface CallContext {
  settings: FormatSettings;
  /** the client's request headers (anthropic-version and anthropic-beta are passed to Claude channels) */
  clientHeaders: Readonly<Record<string, string>>;
  forceStreamOption: boolean;
  azureApiVersion: string;
  /** image URLs fetched for a target that cannot read them (inline-images.ts); null or absent: none */
  images?: InlinedImages | null;
}

// The upstream path is the OpenAI one for the kind, whatever the client called (/pg/chat/completions,
// /v1/engines/:model/embeddings, /v1/messages on an OpenAI channel).
const OPENAI_PATH = { chat: '/v1/chat/completions', completions: '/v1/completions', embeddings: '/v1/embeddings' } as const;
const ANTHROPIC_VERSION = '2023-06-01';

const unsupported = (ch: ChannelConfig, what: string) =>
  localError(400, `channel type ${ch.type} (${providerOf(ch.type).name}) does not support ${what}`, 'convert_request_failed', 'invalid_request_error');

/**
 * The upstream request for a client request on a channel, by (client format × channel dialect): the same
 * format goes through as the client's bytes (model mapped); any other pair through the OpenAI chat form.
 */
export function upstreamCall(req: RelayRequest, ch: ChannelConfig, key: string, upstreamModel: string, ctx: CallContext): UpstreamCall {
  // param_override over the body as built for the channel (converted or not), as new-api lays it after conversion
  const call = withChannelParamOverride(dialectCall(req, ch, key, upstreamModel, ctx), req.kind, ch);
  // the channel's header_override is laid over last: an operator's choice wins over the dialect's defaults
  return { url: call.url, headers: ch.headerOverride ? Object.assign({}, call.headers, ch.headerOverride) : call.headers, body: call.body };
}

function dialectCall(req: RelayRequest, ch: ChannelConfig, key: string, upstreamModel: string, ctx: CallContext): OverridableRequest {
  if (req.kind === 'count_tokens') throw unsupported(ch, 'count_tokens');
  // a type whose own protocol has no adapter yet is refused rather than sent an OpenAI body it cannot read
  if (!hasAdapter(ch.type)) throw unsupported(ch, `${req.kind} yet (no adapter for its API)`);
  // Codex serves the Responses API only (new-api's codex adaptor refuses every other endpoint)
  if (providerOf(ch.type).responsesOnly && (req.format !== 'responses' || req.kind !== 'chat')) throw unsupported(ch, 'this endpoint (only /v1/responses)');
  const native = speaksNatively(req.format, ch.type, upstreamModel);
  // a compaction goes only where /v1/responses passes through (new-api: OpenAI and Codex)
  if (req.compact && !(native && req.format === 'responses' && dialectOf(ch.type, upstreamModel) === 'openai')) throw unsupported(ch, '/v1/responses/compact');
  switch (dialectOf(ch.type, upstreamModel)) {
    case 'claude': {
      if (req.kind !== 'chat') throw unsupported(ch, req.kind);
      const body = native ? nativeBody(req, upstreamModel, ctx.images) : claudeBody(openAiToClaudeRequest(hubFor(req, ch, upstreamModel), ctx.settings.claude), ctx.images);
      return { url: `${baseUrlOf(ch)}/v1/messages`, headers: claudeHeaders(key, upstreamModel, ctx), body };
    }
    case 'gemini': {
      const headers = { 'x-goog-api-key': key };
      if (req.kind === 'embeddings') {
        if (!native) throw unsupported(ch, 'embeddings from this client format');
        const action: GeminiAction = Array.isArray(req.body.requests) ? 'batchEmbedContents' : 'embedContent';
        return { url: baseUrlOf(ch) + geminiUpstreamPath(upstreamModel, action, ctx.settings.gemini), headers, body: req.raw };
      }
      if (req.kind !== 'chat') throw unsupported(ch, req.kind);
      const action: GeminiAction = req.stream ? 'streamGenerateContent' : 'generateContent';
      if (native) return { url: baseUrlOf(ch) + geminiUpstreamPath(upstreamModel, action, ctx.settings.gemini), headers, body: nativeBody(req, upstreamModel) };
      const converted = openAiToGeminiRequest(hubFor(req, ch, upstreamModel), { settings: ctx.settings.gemini, images: ctx.images ?? undefined });
      if (!converted.ok) throw failureError(converted.failure);
      return { url: baseUrlOf(ch) + geminiUpstreamPath(converted.model, action, ctx.settings.gemini), headers, body: JSON.stringify(converted.request) };
    }
    case 'hub':
      return hubCall(req, ch, key, upstreamModel);
    default: {
      const headers = upstreamAuthHeaders(ch, key);
      if (req.format === 'openai') {
        return { url: upstreamUrl(ch, OPENAI_PATH[req.kind], req.query, upstreamModel, ctx.azureApiVersion), headers, body: upstreamBody(req, ch, upstreamModel, ctx.forceStreamOption) };
      }
      if (native) return { url: upstreamUrl(ch, req.compact ? '/v1/responses/compact' : '/v1/responses', '', upstreamModel, ctx.azureApiVersion), headers, body: responsesBody(req, ch, upstreamModel) };
      const hub: Record<string, unknown> = Object.assign({}, hubFor(req, ch, upstreamModel));
      if (req.stream && acceptsStreamOptions(ch.type)) hub.stream_options = { include_usage: true };
      else delete hub.stream_options;
      return { url: upstreamUrl(ch, OPENAI_PATH[req.kind], '', upstreamModel, ctx.azureApiVersion), headers, body: JSON.stringify(hub) };
    }
  }
}

/** A provider with its own protocol: its adapter builds the call from the request in OpenAI form. */
function hubCall(req: RelayRequest, ch: ChannelConfig, key: string, upstreamModel: string): HubRequest {
  const adapter = providerOf(ch.type).hub;
  const call: HubCall = { ch, base: baseUrlOf(ch), key, model: upstreamModel, stream: req.stream, now: Date.now(), nonce: randomUUID(), query: adapter?.readsClientQuery ? req.query : '' };
  let built: Converted<HubRequest>;
  if (req.kind === 'chat' && adapter?.chat) built = adapter.chat.request(hubFor(req, ch, upstreamModel), call);
  else if (req.kind === 'embeddings' && adapter?.embeddings) built = adapter.embeddings.request(hubFor(req, ch, upstreamModel) as unknown as EmbeddingRequest, call);
  else throw unsupported(ch, req.kind);
  if (!built.ok) throw failureError(built.failure);
  // its `sign` travels on: param_override (laid over in upstreamCall) signs the body again
  return built.value;
}

/** The request in OpenAI form for this channel's model; a request the hub cannot express is the client's 400. */
function hubFor(req: RelayRequest, ch: ChannelConfig, upstreamModel: string): ChatRequest {
  const c = req.toOpenAi(upstreamModel, { openRouter: providerOf(ch.type).keepsClaudeCacheControl });
  if (!c.ok) throw failureError(c.failure);
  return c.value as ChatRequest;
}

/**
 * The client's own bytes, rewritten only when the model name (in the body) or fetched images (a Claude
 * client's URL sources, for a cloud that takes base64 only) change them.
 */
function nativeBody(req: RelayRequest, upstreamModel: string, images?: InlinedImages | null): string | Buffer {
  const modelInBody = req.format !== 'gemini';
  if (!images && (!modelInBody || upstreamModel === req.model)) return req.raw;
  const inlined = images ? { messages: inlinedMessages(req.body.messages, images) } : null;
  return JSON.stringify(Object.assign({}, req.body, modelInBody ? { model: upstreamModel } : null, inlined));
}

/** A Responses body that passes through: the client's, or as the channel's host takes it (Codex), before param_override. */
function responsesBody(req: RelayRequest, ch: ChannelConfig, upstreamModel: string): string | Buffer {
  const shape = providerOf(ch.type).host?.responsesBody;
  return shape ? JSON.stringify(shape(Object.assign({}, req.body, { model: upstreamModel }), req.compact === true)) : nativeBody(req, upstreamModel);
}

/** A Claude request converted from the hub, its URL sources made base64 when the target needs it. */
function claudeBody(claude: { messages: unknown }, images: InlinedImages | null | undefined): string {
  if (images) claude.messages = inlinedMessages(claude.messages, images) as typeof claude.messages;
  return JSON.stringify(claude);
}

function inlinedMessages(messages: unknown, images: InlinedImages): unknown {
  const r = inlineClaudeSources(messages, images);
  if (!r.ok) throw failureError(r.failure);
  return r.messages;
}

/** x-api-key, the client's anthropic-version and anthropic-beta, and claude.model_headers_settings for the model. */
function claudeHeaders(key: string, upstreamModel: string, ctx: CallContext): Record<string, string> {
  const headers: Record<string, string> = { 'x-api-key': key, 'anthropic-version': ctx.clientHeaders['anthropic-version'] || ANTHROPIC_VERSION };
  const beta = new Set((ctx.clientHeaders['anthropic-beta'] ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  for (const [name, values] of Object.entries(ctx.settings.claudeModelHeaders[upstreamModel] ?? {})) {
    if (name.toLowerCase() === 'anthropic-beta') values.forEach((v) => beta.add(v));
    else headers[name.toLowerCase()] = values.join(',');
  }
  if (beta.size) headers['anthropic-beta'] = [...beta].join(',');
  return headers;
}
