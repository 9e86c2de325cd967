import type { Authorize, Dialect, UpstreamCall } from '../provider.js';
import { cloudClaudeBody, withoutHeaders } from '../cloud-claude-body.js';
import { parseServiceAccount, type ServiceAccount } from './service-account.js';
import { forgetVertexToken, vertexAccessToken } from './vertex-token.js';
import { vertexClaudeModel, vertexModelUrl, vertexOpenApiUrl, vertexRegion } from './vertex-url.js';

const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';
const DIALECT_CREDENTIALS = ['x-api-key', 'x-goog-api-key', 'anthropic-version', 'authorization'];

/**
 * Vertex serves Claude models in Anthropic's dialect, open models (Llama, `…-maas`) in OpenAI's on its openapi
 * endpoint, and everything else in Gemini's (new-api's request modes).
 */
export function vertexDialect(model: string): Dialect {
  if (model.startsWith('claude')) return 'claude';
  if (model.includes('llama') || model.includes('-maas')) return 'openai';
  return 'gemini';
}

/**
 * The model and action (with its query) of the Gemini path the dialect built: its model may differ from the
 * channel's (a -thinking suffix stripped), and its action follows the client's (embedContent, alt=sse).
 */
function geminiTarget(url: string, model: string): { model: string; action: string } {
  const m = /\/models\/([^/:?]+):([A-Za-z]+(?:\?.*)?)$/.exec(url);
  return m ? { model: decodeURIComponent(m[1]!), action: m[2]! } : { model, action: 'generateContent' };
}

/** The call the dialect built, moved onto Vertex's model URL for the account's project and the model's region. */
export function vertexCall(call: UpstreamCall, o: { base: string; other: string; project: string; model: string; stream: boolean; token: string }): UpstreamCall {
  const region = vertexRegion(o.other, o.model);
  const headers = { ...withoutHeaders(call.headers, DIALECT_CREDENTIALS), authorization: `Bearer ${o.token}` };
  if (vertexDialect(o.model) === 'claude') {
    const action = o.stream ? 'streamRawPredict?alt=sse' : 'rawPredict';
    const url = vertexModelUrl({ base: o.base, project: o.project, region, publisher: 'anthropic', model: vertexClaudeModel(o.model), action });
    return { url, headers, body: cloudClaudeBody(call.body, VERTEX_ANTHROPIC_VERSION, true) };
  }
  if (vertexDialect(o.model) === 'openai') {
    // the OpenAI body goes as the dialect built it (the model named in it); only chat completions are served
    if (!/\/chat\/completions(?:\?|$)/.test(call.url)) throw new Error(`Vertex serves ${o.model} for chat completions only`);
    return { url: vertexOpenApiUrl({ base: o.base, project: o.project, region }), headers, body: o.stream ? withStreamUsage(call.body) : call.body };
  }
  const target = geminiTarget(call.url, o.model);
  const url = vertexModelUrl({ base: o.base, project: o.project, region, publisher: 'google', model: encodeURIComponent(target.model), action: target.action });
  return { url, headers, body: call.body };
}

/**
 * The openapi endpoint is OpenAI-compatible and reports a stream's usage when asked: the stream asks, so the bill
 * is Vertex's count rather than an estimate (the row sends no stream_options to its Gemini and Claude models).
 * The client's own stream_options members stay; a body that is not a JSON object goes as it is.
 */
export function withStreamUsage(body: string | Buffer): string | Buffer {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    return body;
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return body;
  const given = (doc as { stream_options?: unknown }).stream_options;
  const options = Object.assign({}, given && typeof given === 'object' ? given : null, { include_usage: true });
  return JSON.stringify(Object.assign({}, doc, { stream_options: options }));
}

/** Vertex AI (type 41): the service account's OAuth2 access token, fetched and cached per account. */
export const vertexAuthorize: Authorize = async (call, { ch, key, model, stream, upstream }) => {
  const sa = parseServiceAccount(key);
  const token = await vertexAccessToken(sa, upstream);
  return vertexCall(call, { base: ch.baseUrl, other: ch.other, project: sa.project_id, model, stream, token });
};

/** The row's forgetToken: the key's access token was refused (revoked, expired early); an unreadable key cached nothing. */
export function vertexForgetToken({ key }: { key: string }): void {
  let sa: ServiceAccount;
  try {
    sa = parseServiceAccount(key);
  } catch {
    return;
  }
  forgetVertexToken(sa);
}
