import type { ChannelActor } from '../actors/channel-actor.js';
import { channelFailureOf } from '../channel-health/channel-failure.js';
import type { Exchange } from '../http/exchange.js';
import type { Logger } from '../log/logger.js';
import { readCapped } from '../upstream/read-capped.js';
import type { UpstreamCall, UpstreamClient, UpstreamRequest, UpstreamResponse } from '../upstream/upstream-client.js';
import type { Env } from '../config/env.js';
import type { ChannelConfig } from '../actors/channel-config.js';
import type { AuthorizeContext } from '../providers/provider.js';
import { providerOf } from '../providers/registry.js';
import { classifyFailure, refusesCredentials } from './classify-failure.js';
import type { Redact } from './redact-secrets.js';
import { RelayError } from './relay-error.js';
import type { SaveChannelKey } from './save-channel-key.js';
import { transportFailure } from './transport-failure.js';
import { upstreamError } from './upstream-error.js';

// What one try on one channel shares, whatever it relays (text, media): sending under the client's and
// RELAY_TIMEOUT's abort, and settling the key when it fails.

const CLIENT_GONE = Object.assign(new Error('client closed the request'), { code: 'CLIENT_GONE' });
const RELAY_TIMED_OUT = Object.assign(new Error('RELAY_TIMEOUT reached'), { code: 'RELAY_TIMEOUT' });

/**
 * Sends one attempt's POST with the relay's timeouts (seconds of silence end a trickling non-stream answer
 * just as they end a stream); the client leaving or RELAY_TIMEOUT aborts it. `done()` once the attempt is over.
 * `transport` sends it instead of the HTTP client (a provider row's own, provider.ts `Transport`).
 */
export function sendAttempt(
  deps: { env: Pick<Env, 'FIRST_BYTE_TIMEOUT' | 'STREAMING_TIMEOUT' | 'RELAY_TIMEOUT'>; upstream: UpstreamClient },
  ex: Exchange,
  request: { url: string; headers: Record<string, string>; body: string | Buffer },
  transport?: (r: UpstreamRequest) => UpstreamCall,
): { sent: UpstreamCall; done(): void } {
  const r: UpstreamRequest = {
    url: request.url,
    method: 'POST',
    headers: request.headers,
    body: request.body,
    firstByteTimeoutMs: deps.env.FIRST_BYTE_TIMEOUT * 1000,
    idleTimeoutMs: deps.env.STREAMING_TIMEOUT * 1000,
  };
  // a row whose upstream is not HTTP (its `transport`) answers in the HTTP client's terms
  const sent = transport ? transport(r) : deps.upstream.send(r);
  ex.onAbort(() => sent.abort(CLIENT_GONE));
  const timer = deps.env.RELAY_TIMEOUT > 0 ? setTimeout(() => sent.abort(RELAY_TIMED_OUT), deps.env.RELAY_TIMEOUT * 1000) : null;
  return { sent, done: () => timer && clearTimeout(timer) };
}

/**
 * The upstream's 200 answer, its head read; any other status is thrown as the upstream's error. The client
 * hears one message for every connection failure; the cause stays in the server log.
 */
export async function answerOf(sent: UpstreamCall, ex: Exchange, log: Logger, channelId: number, redact: Redact, created = false): Promise<UpstreamResponse> {
  let res: UpstreamResponse;
  try {
    res = await sent.response;
  } catch (e) {
    if (!ex.aborted) log.warn('upstream request failed', { channel: channelId, cause: redact(String((e as { code?: unknown }).code ?? (e as Error).message)) });
    throw transportFailure(e, 'connect');
  }
  // `created`: an API that answers a creation with 201 (Replicate's predictions) succeeded too
  if (res.status !== 200 && !(created && res.status === 201)) {
    const text = await readCapped(res.body, 1024 * 1024).then((b) => b.toString('utf8')).catch(() => '');
    throw upstreamError(res.status, text);
  }
  return res;
}

/**
 * Settles the key of an attempt that failed and gives the error to throw: the client's 499 when it left,
 * otherwise the error redacted, counted against the channel when the upstream side was at fault.
 */
export function failedAttempt(e: unknown, ex: Exchange, channel: ChannelActor, keyIndex: number, redact: Redact, answered: boolean): unknown {
  if (ex.aborted) {
    channel.release(keyIndex);
    return new RelayError(499, 'client closed the request', { local: true });
  }
  if (!(e instanceof RelayError)) {
    channel.release(keyIndex);
    return e;
  }
  const err = e.redacted(redact);
  if (classifyFailure(err) === 'upstream') channel.fail(channelFailureOf(err, answered), keyIndex);
  else channel.release(keyIndex);
  return err;
}

/**
 * When the upstream refused the attempt's credentials, the row drops the token it cached for the key (a
 * revoked or expired access token), so the next attempt fetches a fresh one instead of failing until expiry.
 */
export function forgetRefusedToken(e: unknown, ch: ChannelConfig, key: string): void {
  const { forgetToken, tokenRefusedCodes } = providerOf(ch.type);
  if (forgetToken && e instanceof RelayError && refusesCredentials(e, tokenRefusedCodes)) forgetToken({ ch, key });
}

/**
 * What a row's `authorize` step is given, alike on the text path, the media path and channel tests: Codex
 * refreshes a lapsed OAuth token at the configured endpoint and keeps the rotated key (`saveKey`).
 */
export function authorizeContext(
  env: Pick<Env, 'CODEX_OAUTH_TOKEN_ENDPOINT'>,
  upstream: UpstreamClient,
  save: SaveChannelKey | undefined,
  call: { ch: ChannelConfig; key: string; model: string; stream: boolean },
): AuthorizeContext {
  const { ch, key } = call;
  return { ch, key, model: call.model, stream: call.stream, upstream, codexTokenEndpoint: env.CODEX_OAUTH_TOKEN_ENDPOINT, saveKey: save && ((next: string) => save(ch.id, key, next)) };
}
