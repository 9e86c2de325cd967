import type { ChannelConfig } from '../actors/channel-config.js';
import { acceptsStreamOptions } from './dialect.js';
import type { RelayRequest } from './relay-request.js';

/**
 * The body sent to an OpenAI-dialect channel for an OpenAI client. The client's bytes go through untouched unless something must change: the
 * mapped model name or stream_options (injected for channels that report stream usage, removed for those
 * that reject it); the channel's param_override is laid over later (param-override.ts). An injected
 * stream_options is appended to the original bytes, so the rest still arrives exactly as sent.
 */
export function upstreamBody(req: RelayRequest, ch: ChannelConfig, upstreamModel: string, forceStreamOption: boolean): string | Buffer {
  const changes: Record<string, unknown> = {};
  const remove: string[] = [];
  if (upstreamModel !== req.model) changes.model = upstreamModel;
  if (req.kind !== 'embeddings' && req.stream) {
    if (acceptsStreamOptions(ch.type)) {
      if (forceStreamOption && !req.includeUsage) changes.stream_options = { ...(req.body.stream_options as object | undefined), include_usage: true };
    } else if (req.body.stream_options !== undefined) {
      remove.push('stream_options');
    }
  }
  if (remove.length === 0) {
    const changed = Object.keys(changes);
    if (changed.length === 0) return req.raw;
    // The usual stream change, a new stream_options member, is appended to the client's own bytes.
    if (changed.length === 1 && changed[0] === 'stream_options' && req.body.stream_options === undefined) {
      const appended = appendMember(req.raw, 'stream_options', changes.stream_options);
      if (appended) return appended;
    }
  }
  const out: Record<string, unknown> = Object.assign({}, req.body, changes);
  for (const k of remove) delete out[k];
  return JSON.stringify(out);
}

/** `{…}` + `,"key":value` before its closing brace; null when the bytes do not end with one. */
function appendMember(raw: Buffer, key: string, value: unknown): Buffer | null {
  let end = raw.length - 1;
  while (end >= 0 && (raw[end] === 0x20 || raw[end] === 0x0a || raw[end] === 0x0d || raw[end] === 0x09)) end--;
  if (end < 1 || raw[end] !== 0x7d) return null;
  return Buffer.concat([raw.subarray(0, end), Buffer.from(`,${JSON.stringify(key)}:${JSON.stringify(value)}`), raw.subarray(end)]);
}
