import type { ChannelConfig } from '../actors/channel-config.js';
import type { ChannelCapability } from '../contracts/channel-types.js';
import type { RelayFailure } from '../formats/format-contracts.js';
import { MediaRequestError, type MediaKind, type MediaRequest } from '../formats/media/media-request.js';
import { encodeMultipart } from '../formats/media/multipart.js';
import type { OverridableRequest } from '../providers/hub-adapter.js';
import type { MediaAdapter, MediaCall } from '../providers/media-adapter.js';
import { providerOf } from '../providers/registry.js';
import { baseUrlOf, upstreamAuthHeaders, upstreamUrl } from '../providers/upstream-url.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { authorizeFailure } from './forward-attempt.js';
import { withChannelParamOverride } from './param-override.js';
import { localError, RelayError } from './relay-error.js';
import type { UpstreamCall } from './upstream-request.js';

/** The OpenAI path of each media kind (Azure's host adapter turns it into the deployment's). */
export const MEDIA_PATH: Readonly<Record<MediaKind, string>> = {
  image_generation: '/v1/images/generations',
  image_edit: '/v1/images/edits',
  speech: '/v1/audio/speech',
  transcription: '/v1/audio/transcriptions',
  translation: '/v1/audio/translations',
  moderation: '/v1/moderations',
  rerank: '/v1/rerank',
  alpha_search: '/v1/alpha/search',
};

/** What a channel type must serve (its registry capabilities) to be sent the kind; moderations ride on chat. */
const NEEDS: Readonly<Record<Exclude<MediaKind, 'alpha_search'>, ChannelCapability>> = {
  image_generation: 'images',
  image_edit: 'images',
  speech: 'audio',
  transcription: 'audio',
  translation: 'audio',
  moderation: 'chat',
  rerank: 'rerank',
};

/**
 * Whether the channel's type takes the kind in OpenAI's form: an OpenAI-dialect adapter whose registry row
 * lists the capability. Anything else would be sent a body it cannot read.
 */
export function servesMedia(channelType: number, kind: MediaKind): boolean {
  const p = providerOf(channelType);
  if (kind === 'alpha_search') return p.alphaSearch === true;
  // a row that serves only the Responses API (Codex) takes no other kind
  if (p.responsesOnly) return false;
  // a provider with its own media API (Replicate) serves the kinds its adapter lists
  if (p.media) return p.media.kinds.includes(kind);
  return p.dialect === 'openai' && p.capabilities.includes(NEEDS[kind]);
}

export const mediaUnsupported = (ch: ChannelConfig, kind: MediaKind): RelayError =>
  localError(400, `channel type ${ch.type} (${providerOf(ch.type).name}) does not support ${MEDIA_PATH[kind]}`, 'convert_request_failed', 'invalid_request_error');

/**
 * The upstream request: the client's JSON or multipart parts with the model replaced by the channel's,
 * to the kind's path on the channel's host, with its credentials, the channel's param_override over a JSON
 * body of a kind new-api overrides (param-override.ts), and header_override laid over last.
 */
export async function mediaUpstreamCall(
  req: MediaRequest,
  ch: ChannelConfig,
  key: string,
  upstreamModel: string,
  query: string,
  azureApiVersion: string,
  upstream: UpstreamClient,
): Promise<UpstreamCall> {
  if (!servesMedia(ch.type, req.kind)) throw mediaUnsupported(ch, req.kind);
  const adapter = providerOf(ch.type).media;
  if (adapter) {
    const call = withChannelParamOverride(await adapterCall(adapter, req, { ch, base: baseUrlOf(ch), key, model: upstreamModel }, upstream), req.kind, ch);
    return ch.headerOverride ? { url: call.url, headers: Object.assign({}, call.headers, ch.headerOverride), body: call.body } : call;
  }
  const url = upstreamUrl(ch, MEDIA_PATH[req.kind], query, upstreamModel, azureApiVersion);
  const auth = upstreamAuthHeaders(ch, key);
  let body: Buffer | string;
  let contentType: string;
  if (req.body.type === 'multipart') {
    ({ body, contentType } = await encodeMultipart(req.body.form, { model: upstreamModel }));
  } else {
    body = JSON.stringify({ ...req.body.json, model: upstreamModel });
    contentType = 'application/json';
  }
  return { url, headers: { ...auth, 'content-type': contentType, ...ch.headerOverride }, body: withChannelParamOverride({ url, headers: auth, body }, req.kind, ch).body };
}

/** A provider's failure (its answer, or what it fetched first) as the relay's: the upstream's, retried elsewhere. */
export const mediaFailure = (f: RelayFailure): RelayError => new RelayError(f.status, f.message, { type: f.type, code: f.code, local: false });

/** The call a media adapter builds, after what it fetches first; a request the client must fix is a 400, a key it cannot use the channel's fault. */
async function adapterCall(adapter: MediaAdapter, req: MediaRequest, call: MediaCall, upstream: UpstreamClient): Promise<OverridableRequest> {
  if (adapter.prepare) {
    const prepared = await adapter.prepare(req, call, upstream);
    if (!prepared.ok) throw mediaFailure(prepared.failure);
    call.prepared = prepared.value;
  }
  try {
    return adapter.request(req, call);
  } catch (e) {
    if (e instanceof MediaRequestError) throw localError(400, e.message, e.code, 'invalid_request_error');
    throw authorizeFailure(e);
  }
}
