import type { Authorize, Dialect, UpstreamCall } from '../provider.js';
import { cloudClaudeBody, withoutHeaders } from '../cloud-claude-body.js';
import { parseServiceAccount } from './service-account.js';
import { vertexAccessToken } from './vertex-token.js';
import { vertexClaudeModel, vertexModelUrl, vertexRegion } from './vertex-url.js';

const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';
const DIALECT_CREDENTIALS = ['x-api-key', 'x-goog-api-key', 'anthropic-version', 'authorization'];

/** Vertex serves Claude models in Anthropic's dialect and everything else in Gemini's. */
export const vertexDialect = (model: string): Dialect => (model.startsWith('claude') ? 'claude' : 'gemini');

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
  const target = geminiTarget(call.url, o.model);
  const url = vertexModelUrl({ base: o.base, project: o.project, region, publisher: 'google', model: encodeURIComponent(target.model), action: target.action });
  return { url, headers, body: call.body };
}

/** Vertex AI (type 41): the service account's OAuth2 access token, fetched and cached per account. */
export const vertexAuthorize: Authorize = async (call, { ch, key, model, stream, upstream }) => {
  const sa = parseServiceAccount(key);
  const token = await vertexAccessToken(sa, upstream);
  return vertexCall(call, { base: ch.baseUrl, other: ch.other, project: sa.project_id, model, stream, token });
};
