import type { ChannelConfig } from '../actors/channel-config.js';
import type { Converted } from '../formats/format-contracts.js';
import type { MediaKind, MediaRequest } from '../formats/media/media-request.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import type { UpstreamCall } from './provider.js';

/**
 * A provider that serves OpenAI media kinds in its own API (Replicate predictions): the relay
 * (core/relay/forward-media.ts) sends what `request` builds and gives the client what `answer` makes of the
 * upstream's JSON, billed as the OpenAI answer it now is.
 */
export interface MediaAdapter {
  kinds: readonly MediaKind[];
  /** pure: url, headers (lowercase, the credential included) and body */
  request(req: MediaRequest, call: MediaCall): UpstreamCall;
  /** the upstream's JSON as OpenAI's answer, or the upstream's failure (retried elsewhere, not billed) */
  answer(json: Record<string, unknown>, ctx: MediaAnswerContext): Promise<Converted<Record<string, unknown>>>;
}

export interface MediaCall {
  ch: ChannelConfig;
  base: string;
  key: string;
  /** the upstream model, after the channel's mapping */
  model: string;
}

export interface MediaAnswerContext {
  req: MediaRequest;
  /** the relay's upstream client: whatever the answer needs fetched (an image for b64_json) goes through the outbound policy */
  upstream: UpstreamClient;
  /** seconds since the epoch, for `created` */
  nowS: number;
}
