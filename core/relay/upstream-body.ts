import type { ChannelConfig } from '../actors/channel-config.js';
import { providerOf } from '../providers/registry.js';
import type { RelayRequest } from './relay-request.js';

/**
 * The body sent upstream. The client's bytes go through untouched unless something must change: the
 * mapped model name, stream_options (injected for channels that report stream usage, removed for those
 * that reject it), or the channel's param_override (a shallow top-level overwrite).
 */
export function upstreamBody(req: RelayRequest, ch: ChannelConfig, upstreamModel: string, forceStreamOption: boolean): string | Buffer {
  const changes: Record<string, unknown> = {};
  const remove: string[] = [];
  if (upstreamModel !== req.model) changes.model = upstreamModel;
  if (req.mode !== 'embeddings' && req.stream) {
    if (providerOf(ch.type).streamOptions) {
      if (forceStreamOption && !req.includeUsage) changes.stream_options = { ...(req.body.stream_options as object | undefined), include_usage: true };
    } else if (req.body.stream_options !== undefined) {
      remove.push('stream_options');
    }
  }
  const override = req.mode === 'chat' || req.mode === 'completions' ? ch.paramOverride : null;
  if (!override && remove.length === 0 && Object.keys(changes).length === 0) return req.raw;
  const out: Record<string, unknown> = { ...req.body, ...changes, ...(override ?? {}) };
  for (const k of remove) delete out[k];
  return JSON.stringify(out);
}
