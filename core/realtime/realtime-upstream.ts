import { isIP } from 'node:net';
import WebSocket, { type RawData } from 'ws';
import type { ChannelActor } from '../actors/channel-actor.js';
import type { ChannelConfig } from '../actors/channel-config.js';
import { channelFailureOf } from '../channel-health/channel-failure.js';
import type { Env } from '../config/env.js';
import { AZURE_DEFAULT_API_VERSION, AZURE_HOST, azureDeployment } from '../providers/azure/azure-host.js';
import { providerOf } from '../providers/registry.js';
import { baseUrlOf, upstreamAuthHeaders, upstreamUrl } from '../providers/upstream-url.js';
import { channelRedactor } from '../relay/channel-redactor.js';
import { classifyFailure } from '../relay/classify-failure.js';
import { mapModel } from '../relay/model-mapping.js';
import { localError, RelayError } from '../relay/relay-error.js';
import { transportFailure } from '../relay/transport-failure.js';
import { upstreamError } from '../relay/upstream-error.js';
import { adminUrlPolicy, policyLookup, resolveAllowed, type OutboundPolicy } from '../upstream/outbound-policy.js';
import { readWsRefusal } from '../upstream/ws-refusal.js';

/** The largest frame taken from the upstream (a long audio delta is well under it); bigger closes the session. */
export const MAX_REALTIME_FRAME = 16 * 1024 * 1024;

/** Only OpenAI-dialect types whose registry row lists `realtime` (OpenAI, Azure) have the socket. */
export function servesRealtime(channelType: number): boolean {
  const p = providerOf(channelType);
  return p.dialect === 'openai' && p.capabilities.includes('realtime');
}

/** A channel of a type without the socket, asked for one: the client's 400, nothing spent. */
export const realtimeUnsupported = (ch: Pick<ChannelConfig, 'type'>): RelayError =>
  localError(400, `channel type ${ch.type} (${providerOf(ch.type).name}) does not support /v1/realtime`, 'convert_request_failed', 'invalid_request_error');

/**
 * The upstream socket's URL: `{base}/v1/realtime?model=…`, or Azure's `{base}/openai/realtime?deployment=…&api-version=…`
 * (api-version from the channel's `other`, as its HTTP routes take it), with http(s) turned into ws(s).
 */
export function realtimeUrl(ch: ChannelConfig, upstreamModel: string): string {
  const url =
    providerOf(ch.type).host === AZURE_HOST
      ? `${baseUrlOf(ch)}/openai/realtime?deployment=${encodeURIComponent(azureDeployment(upstreamModel, ch.createdTime))}&api-version=${encodeURIComponent(ch.other.trim() || AZURE_DEFAULT_API_VERSION)}`
      : upstreamUrl(ch, '/v1/realtime', `model=${encodeURIComponent(upstreamModel)}`, upstreamModel, AZURE_DEFAULT_API_VERSION);
  return url.replace(/^http(s?):\/\//i, 'ws$1://');
}

/**
 * An open upstream socket, paused until the client's side is open. `early` holds the frames ws emitted after
 * the handshake anyway (pause() stops reading, not the frames already read, and an upstream's first frame often
 * arrives with its 101): the session delivers them first.
 */
export interface RealtimeLink {
  socket: WebSocket;
  early: EarlyFrames;
  channelId: number;
  upstreamModel: string;
  mapped: boolean;
}

export type RealtimeConnectDeps = { env: Pick<Env, 'ADMIN_URL_ALLOW_PRIVATE' | 'ADMIN_URL_ALLOW_METADATA' | 'FIRST_BYTE_TIMEOUT'> };

/**
 * One try at the channel's realtime socket, with forwardMedia's rules: keys redacted from whatever fails,
 * the channel's health told only when the upstream was at fault (refused, handshake answered with an error).
 * `onAbort` registers what to do if the client leaves while this connects.
 */
export async function connectRealtime(deps: RealtimeConnectDeps, channel: ChannelActor, model: string, onAbort: (fn: () => void) => void): Promise<RealtimeLink> {
  const ch = channel.config;
  if (!servesRealtime(ch.type)) throw realtimeUnsupported(ch);
  const { upstreamModel, mapped } = mapModel(model, ch.modelMapping);
  const picked = channel.pickKey();
  if (!picked) throw new RelayError(503, `channel ${ch.id} has no usable key`, { type: 'upstream_error', code: 'channel:no_available_key', local: false });
  const headers = { ...upstreamAuthHeaders(ch, picked.key), 'OpenAI-Beta': 'realtime=v1', ...ch.headerOverride };
  const t0 = Date.now();
  channel.start(picked.index);
  try {
    const { socket, early } = await openSocket(realtimeUrl(ch, upstreamModel), headers, adminUrlPolicy(deps.env), deps.env.FIRST_BYTE_TIMEOUT * 1000, onAbort);
    channel.succeed(Date.now() - t0, picked.index);
    return { socket, early, channelId: ch.id, upstreamModel, mapped };
  } catch (e) {
    const err = (e instanceof RelayError ? e : transportFailure(e, 'connect')).redacted(channelRedactor(ch));
    if (classifyFailure(err) === 'upstream') channel.fail(channelFailureOf(err), picked.index);
    else channel.release(picked.index);
    throw err;
  }
}

/**
 * Opens the socket through the outbound policy: an IP literal is checked here (Node skips `lookup` for
 * one), a name by the policy's lookup, so the address connected to is the one checked. A handshake
 * answered with an HTTP error rejects with that answer as an upstream error; redirects are not followed.
 */
/** Frames received before the session took the socket over, and how to stop collecting them. */
export interface EarlyFrames {
  frames: Array<{ data: RawData; isBinary: boolean }>;
  stop(): void;
}

async function openSocket(url: string, headers: Record<string, string>, policy: OutboundPolicy, timeoutMs: number, onAbort: (fn: () => void) => void): Promise<{ socket: WebSocket; early: EarlyFrames }> {
  const host = new URL(url).hostname;
  if (isIP(host.replace(/^\[(.*)\]$/, '$1'))) await resolveAllowed(host, policy);
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, lookup: policyLookup(policy), handshakeTimeout: timeoutMs, maxPayload: MAX_REALTIME_FRAME, perMessageDeflate: false, followRedirects: false });
    // ws emits `error` after a refused handshake too; the first outcome wins, later ones are dropped
    socket.on('error', reject);
    let connecting = true;
    socket.once('open', () => {
      connecting = false;
      socket.off('error', reject);
      socket.pause();
      const frames: EarlyFrames['frames'] = [];
      const keep = (data: RawData, isBinary: boolean) => frames.push({ data, isBinary });
      socket.on('message', keep);
      resolve({ socket, early: { frames, stop: () => socket.off('message', keep) } });
    });
    socket.once('unexpected-response', (req, res) => {
      readWsRefusal(req, res).then(
        (refusal) => reject(upstreamError(refusal.status, refusal.body.toString('utf8'))),
        (e: Error) => reject(transportFailure(e, 'response')),
      );
    });
    // once open, the socket is the session's to close (an abandoned upgrade closes it there)
    onAbort(() => connecting && socket.terminate());
  });
}
