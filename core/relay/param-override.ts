import type { ChannelConfig } from '../actors/channel-config.js';
import type { MediaKind } from '../formats/media/media-request.js';
import type { RequestKind } from '../formats/format-contracts.js';
import { withParamOverride, type OverridableRequest } from '../providers/hub-adapter.js';

/**
 * The request kinds new-api lays a channel's param_override over: its text handler (chat, completions,
 * moderations), the Claude, Gemini and Responses handlers, embeddings, image generations, rerank and Codex's
 * alpha search, each over the body as built for the channel. Its audio handler applies none, and an image
 * edit goes as multipart.
 */
const OVERRIDDEN: ReadonlySet<RequestKind | MediaKind> = new Set<RequestKind | MediaKind>(['chat', 'completions', 'embeddings', 'image_generation', 'moderation', 'rerank', 'alpha_search']);

export const takesParamOverride = (kind: RequestKind | MediaKind): boolean => OVERRIDDEN.has(kind);

/**
 * The one place a channel's param_override reaches the upstream body: laid over the call the dialect (or a
 * provider's adapter) built, whatever the client's format, as a shallow top-level overwrite in the channel's
 * own vocabulary; a signed body is signed again. No override, or a kind it does not apply to: the call as built.
 */
export function withChannelParamOverride<T extends OverridableRequest>(call: T, kind: RequestKind | MediaKind, ch: ChannelConfig): T {
  return ch.paramOverride && takesParamOverride(kind) ? withParamOverride(call, ch.paramOverride) : call;
}
