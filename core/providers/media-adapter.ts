import type { ChannelConfig } from '../actors/channel-config.js';
import type { Converted } from '../formats/format-contracts.js';
import type { MediaKind, MediaRequest } from '../formats/media/media-request.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import type { OverridableRequest } from './hub-adapter.js';

/**
 * A provider that serves OpenAI media kinds in its own API (Replicate predictions): the relay
 * (core/relay/forward-media.ts) sends what `request` builds and gives the client what `answer` makes of the
 * upstream's JSON, billed as the OpenAI answer it now is.
 */
export interface MediaAdapter {
  kinds: readonly MediaKind[];
  /**
   * pure: url, headers (lowercase, the credential included) and body, and `sign` when the body is signed (the
   * channel's param_override is laid over it and signed again). A MediaRequestError is the client's to fix
   * (400, nothing charged); anything else it throws is the channel's (a key it cannot sign with).
   */
  request(req: MediaRequest, call: MediaCall): OverridableRequest;
  /**
   * What must be fetched before the request can be built (Replicate uploads an edit's image to its files API):
   * its value reaches `request` as `call.prepared`; a failure is the channel's (retried elsewhere, not billed).
   */
  prepare?(req: MediaRequest, call: MediaCall, upstream: UpstreamClient): Promise<Converted<Record<string, unknown>>>;
  /** the upstream's JSON as OpenAI's answer, or the upstream's failure (retried elsewhere, not billed) */
  answer(json: Record<string, unknown>, ctx: MediaAnswerContext): Promise<Converted<Record<string, unknown>>>;
}

export interface MediaCall {
  ch: ChannelConfig;
  base: string;
  key: string;
  /** the upstream model, after the channel's mapping */
  model: string;
  /** unix ms for a signature (Volcengine's); the relay leaves it out and the clock is read, tests fix it */
  now?: number;
  /** what `prepare` fetched */
  prepared?: Record<string, unknown>;
}

export interface MediaAnswerContext {
  req: MediaRequest;
  /** the relay's upstream client: whatever the answer needs fetched (an image for b64_json) goes through the outbound policy */
  upstream: UpstreamClient;
  /** seconds since the epoch, for `created` */
  nowS: number;
}
