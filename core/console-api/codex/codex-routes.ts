import type { Channel } from '../../contracts/channel.js';
import { getChannel, updateChannel } from '../../db/repositories/channels.js';
import { parseCodexKey, type CodexKey } from '../../providers/codex/codex-key.js';
import { randomUUID } from 'node:crypto';
import { CODEX_RESET_CONSUME_PATH, CODEX_RESET_CREDITS_PATH, CODEX_USAGE_PATH, codexWhamRequest } from '../../providers/codex/codex-request.js';
import { refreshCodexKey } from '../../providers/codex/codex-token.js';
import { providerOf } from '../../providers/registry.js';
import { replaceChannelKey } from '../../relay/save-channel-key.js';
import { readCapped } from '../../upstream/read-capped.js';
import type { UpstreamClient } from '../../upstream/upstream-client.js';
import { paramInt, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ApiError, fail, ok, type ApiResult } from '../envelope.js';
import { channelsChanged } from '../channel/channels-changed.js';

// The Codex channel's admin calls (new-api's controller/codex_usage.go and RefreshCodexChannelCredential):
// refresh the OAuth credential now, and read the ChatGPT account's usage windows.

const CODEX_TYPE = 57;
const USAGE_TIMEOUT_MS = 15_000;
const MAX_USAGE_BODY = 256 * 1024;

/** The Codex channel and its OAuth key, or the refusal new-api gives. */
async function codexChannel(c: ApiContext): Promise<{ channel: Channel; key: CodexKey }> {
  const channel = await getChannel(c.app.sql, paramInt(c));
  if (!channel) throw new ApiError('channel not found');
  if (channel.type !== CODEX_TYPE) throw new ApiError('channel type is not Codex');
  if (channel.channel_info.is_multi_key) throw new ApiError('multi-key channel is not supported');
  try {
    return { channel, key: parseCodexKey(channel.key) };
  } catch (e) {
    throw new ApiError((e as Error).message);
  }
}

/** Refreshes the key's tokens and stores the new document in place of the old one (the refresh token rotates). */
async function refreshAndSave(c: ApiContext, channel: Channel, key: CodexKey): Promise<CodexKey> {
  const next = await refreshCodexKey(key, upstreamOf(c), c.app.env.CODEX_OAUTH_TOKEN_ENDPOINT);
  await updateChannel(c.app.sql, channel.id, (current) => {
    const replaced = replaceChannelKey(current.key, channel.key, JSON.stringify(next));
    if (replaced === null) throw new ApiError('channel key changed during the refresh');
    return { key: replaced };
  });
  await channelsChanged(c.app);
  return next;
}

// the channels' outbound client (the operator's base URLs, under the outbound policy)
const upstreamOf = (c: ApiContext): UpstreamClient => c.app.channelHealth.upstream;

/** POST /api/channel/:id/codex/refresh — new tokens now; the failure's cause goes to the log only, as in new-api. */
async function refresh(c: ApiContext): Promise<ApiResult> {
  let next: CodexKey;
  let channel: Channel;
  try {
    const found = await codexChannel(c);
    channel = found.channel;
    next = await refreshAndSave(c, channel, found.key);
  } catch (e) {
    c.app.log.error('failed to refresh codex channel credential', { cause: e instanceof Error ? e.message : String(e) });
    return fail('刷新凭证失败，请稍后重试');
  }
  return ok(
    {
      expires_at: next.expired ?? '',
      last_refresh: next.last_refresh ?? '',
      account_id: next.account_id,
      email: next.email ?? '',
      channel_id: channel.id,
      channel_type: channel.type,
      channel_name: channel.name,
    },
    'refreshed',
  );
}

/** One of the account calls the admin routes make (new-api's wham requests), and what a failed one tells the admin. */
interface WhamCall {
  method: 'GET' | 'POST';
  path: string;
  /** the body of a POST, made for each try (a reset carries a fresh redeem_request_id) */
  body?: () => string;
  /** the log line and the admin's message when the call itself fails */
  logMessage: string;
  failMessage: string | null;
}

const USAGE: WhamCall = { method: 'GET', path: CODEX_USAGE_PATH, logMessage: 'failed to fetch codex usage', failMessage: null };
const RESET_CREDITS: WhamCall = { method: 'GET', path: CODEX_RESET_CREDITS_PATH, logMessage: 'failed to fetch codex reset credits', failMessage: '获取重置次数详情失败，请稍后重试' };
const RESET: WhamCall = {
  method: 'POST',
  path: CODEX_RESET_CONSUME_PATH,
  body: () => JSON.stringify({ redeem_request_id: randomUUID() }),
  logMessage: 'failed to reset codex usage',
  failMessage: '重置用量失败，请稍后重试',
};

/** One try of an account call: its status and body. */
async function fetchWham(upstream: UpstreamClient, base: string, key: CodexKey, call: WhamCall): Promise<{ status: number; body: Buffer }> {
  const { url, headers } = codexWhamRequest(base, call.path, key.access_token, key.account_id);
  const body = call.body?.();
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await upstream.send({ url, method: call.method, headers, body, firstByteTimeoutMs: USAGE_TIMEOUT_MS, idleTimeoutMs: USAGE_TIMEOUT_MS }).response;
  return { status: res.status, body: await readCapped(res.body, MAX_USAGE_BODY) };
}

/**
 * An account call for the channel, answered with the upstream status and its body (JSON when it parses);
 * a refused token (401/403) is refreshed, saved and tried once more.
 */
async function whamRoute(c: ApiContext, call: WhamCall): Promise<ApiResult> {
  let found: { channel: Channel; key: CodexKey };
  try {
    found = await codexChannel(c);
  } catch (e) {
    return fail((e as Error).message);
  }
  const base = found.channel.base_url || providerOf(CODEX_TYPE).defaultBaseUrl;
  let answer: { status: number; body: Buffer };
  try {
    answer = await fetchWham(upstreamOf(c), base, found.key, call);
    if ((answer.status === 401 || answer.status === 403) && found.key.refresh_token) {
      const next = await refreshAndSave(c, found.channel, found.key).catch(() => null);
      if (next) answer = await fetchWham(upstreamOf(c), base, next, call);
    }
  } catch (e) {
    const cause = e instanceof Error ? e.message : String(e);
    c.app.log.error(call.logMessage, { cause });
    return fail(call.failMessage ?? cause);
  }
  let data: unknown;
  try {
    data = JSON.parse(answer.body.toString('utf8'));
  } catch {
    data = answer.body.toString('utf8');
  }
  const success = answer.status >= 200 && answer.status < 300;
  return { body: { success, message: success ? '' : `upstream status: ${answer.status}`, upstream_status: answer.status, data } };
}

/** GET /api/channel/:id/codex/usage — the account's usage windows as ChatGPT reports them. */
const usage = (c: ApiContext) => whamRoute(c, USAGE);

/** GET /api/channel/:id/codex/usage/reset-credits — the account's rate-limit reset credits. */
const resetCredits = (c: ApiContext) => whamRoute(c, RESET_CREDITS);

/** POST /api/channel/:id/codex/usage/reset — spends one reset credit (new-api sends a fresh redeem_request_id). */
const reset = (c: ApiContext) => whamRoute(c, RESET);

export const codexRoutes: ApiRoute[] = [
  { method: 'post', path: '/api/channel/:id/codex/refresh', access: 'admin', handler: refresh },
  { method: 'get', path: '/api/channel/:id/codex/usage', access: 'admin', handler: usage },
  { method: 'get', path: '/api/channel/:id/codex/usage/reset-credits', access: 'admin', handler: resetCredits },
  { method: 'post', path: '/api/channel/:id/codex/usage/reset', access: 'admin', handler: reset },
];
