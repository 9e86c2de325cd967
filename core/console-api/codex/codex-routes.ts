import type { Channel } from '../../contracts/channel.js';
import { getChannel, updateChannel } from '../../db/repositories/channels.js';
import { parseCodexKey, type CodexKey } from '../../providers/codex/codex-key.js';
import { codexUsageRequest } from '../../providers/codex/codex-request.js';
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

/** One GET of the usage endpoint: its status and body. */
async function fetchUsage(upstream: UpstreamClient, base: string, key: CodexKey): Promise<{ status: number; body: Buffer }> {
  const { url, headers } = codexUsageRequest(base, key.access_token, key.account_id);
  const res = await upstream.send({ url, method: 'GET', headers, firstByteTimeoutMs: USAGE_TIMEOUT_MS, idleTimeoutMs: USAGE_TIMEOUT_MS }).response;
  return { status: res.status, body: await readCapped(res.body, MAX_USAGE_BODY) };
}

/**
 * GET /api/channel/:id/codex/usage — the account's usage as ChatGPT reports it, with the upstream status;
 * a refused token (401/403) is refreshed, saved and tried once more.
 */
async function usage(c: ApiContext): Promise<ApiResult> {
  let found: { channel: Channel; key: CodexKey };
  try {
    found = await codexChannel(c);
  } catch (e) {
    return fail((e as Error).message);
  }
  const base = found.channel.base_url || providerOf(CODEX_TYPE).defaultBaseUrl;
  let answer: { status: number; body: Buffer };
  try {
    answer = await fetchUsage(upstreamOf(c), base, found.key);
    if ((answer.status === 401 || answer.status === 403) && found.key.refresh_token) {
      const next = await refreshAndSave(c, found.channel, found.key).catch(() => null);
      if (next) answer = await fetchUsage(upstreamOf(c), base, next);
    }
  } catch (e) {
    c.app.log.error('failed to fetch codex usage', { cause: e instanceof Error ? e.message : String(e) });
    return fail(e instanceof Error ? e.message : String(e));
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

export const codexRoutes: ApiRoute[] = [
  { method: 'post', path: '/api/channel/:id/codex/refresh', access: 'admin', handler: refresh },
  { method: 'get', path: '/api/channel/:id/codex/usage', access: 'admin', handler: usage },
];
