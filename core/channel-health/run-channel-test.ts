import type { ChannelActor } from '../actors/channel-actor.js';
import type { AppServices } from '../app-services.js';
import { CHANNEL_STATUS } from '../contracts/channel.js';
import { recordTestResult } from '../db/repositories/channels.js';
import type { UpstreamCall } from '../providers/provider.js';
import { providerOf } from '../providers/registry.js';
import { authorizeContext } from '../relay/attempt.js';
import { channelRedactor } from '../relay/channel-redactor.js';
import { authorizeFailure } from '../relay/forward-attempt.js';
import { formatSettingsOf } from '../relay/format-settings-view.js';
import { mapModel } from '../relay/model-mapping.js';
import { RelayError } from '../relay/relay-error.js';
import { channelKeySaver } from '../relay/save-channel-key.js';
import { adminUrlPolicy } from '../upstream/outbound-policy.js';
import { readCapped } from '../upstream/read-capped.js';
import type { UpstreamRequest } from '../upstream/upstream-client.js';
import { channelFailureOf, type ChannelFailure } from './channel-failure.js';
import { buildTestRequest, testMappedName, testModelOf, untestableReason } from './test-request.js';
import { testVerdict } from './test-verdict.js';

/** What GET /api/channel/test/:id answers: `time` in seconds. */
export interface ChannelTestResult {
  success: boolean;
  message: string;
  time: number;
}

const MAX_BODY = 1024 * 1024;
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json', 'accept-encoding': 'identity' };

/**
 * The key a test uses: one the relay would pick; else the first enabled key even if its breaker is open (a
 * test is how it closes); else, for a channel whose keys are all auto-disabled, the first of those, so that
 * a passing test can bring it back.
 */
function testKey(actor: ChannelActor): { index: number; key: string } | null {
  const picked = actor.pickKey();
  if (picked) return picked;
  const { keys, multiKey } = actor.config;
  const statusOf = (i: number) => multiKey.statuses[i] ?? CHANNEL_STATUS.enabled;
  for (const wanted of [CHANNEL_STATUS.enabled, CHANNEL_STATUS.autoDisabled]) {
    const index = keys.findIndex((_, i) => statusOf(i) === wanted);
    if (index >= 0) return { index, key: keys[index]! };
  }
  return null;
}

/**
 * Sends one minimal real request to the channel as the relay would (test-request.ts, then the row's signing or
 * token step), through the channels' UpstreamClient so the outbound policy applies; records response_time
 * and test_time, and tells the actor, whose rules may re-enable (or, in a test-all run, disable) the channel;
 * resolves once that is persisted. `asked` is the ?model= of the console, '' for the default.
 */
export async function runChannelTest(app: AppServices, actor: ChannelActor, asked: string, run: 'single' | 'all'): Promise<ChannelTestResult> {
  const ch = actor.config;
  const untestable = untestableReason(ch.type);
  if (untestable) return { success: false, message: untestable, time: 0 };
  const picked = testKey(actor);
  if (!picked) return { success: false, message: 'no enabled keys', time: 0 };
  const redact = channelRedactor(ch);
  const model = testModelOf(ch, asked);
  const started = Date.now();
  let failure: ChannelFailure | null;
  const { authorize, hub, transport, collectStream } = providerOf(ch.type);
  try {
    const upstreamModel = mapModel(testMappedName(ch.type, model), ch.modelMapping).upstreamModel;
    const built = buildTestRequest(ch, model, upstreamModel, picked.key, {
      settings: formatSettingsOf(app.options),
      clientHeaders: {},
      forceStreamOption: false,
      azureApiVersion: app.env.AZURE_DEFAULT_API_VERSION,
    });
    let call: UpstreamCall = built;
    if (authorize) {
      // as the relay authorizes
      const ctx = authorizeContext(app.env, app.channelHealth.upstream, channelKeySaver(app), { ch, key: picked.key, model: upstreamModel, stream: false });
      call = await authorize(built, ctx).catch((e: unknown) => {
        throw e instanceof RelayError ? e : authorizeFailure(e);
      });
    }
    const request: UpstreamRequest = {
      url: call.url,
      method: 'POST',
      // below the call's own headers, as the relay lays them (a signature covers what the row signed)
      headers: { ...JSON_HEADERS, ...call.headers },
      body: call.body,
      firstByteTimeoutMs: app.env.FIRST_BYTE_TIMEOUT * 1000,
      idleTimeoutMs: app.env.STREAMING_TIMEOUT * 1000,
    };
    // a row whose upstream is not HTTP (Xunfei's socket) is tested through its own transport, as the relay sends it
    const res = await (transport ? transport(request, { ch, policy: adminUrlPolicy(app.env) }) : app.channelHealth.upstream.send(request)).response;
    const raw = await readCapped(res.body, MAX_BODY);
    // a row that always streams (Codex) is read as the one JSON answer its stream amounts to, as the relay reads it
    const streamed = collectStream && res.status === 200 && /event-stream/i.test(String(res.headers['content-type'] ?? ''));
    const body = (streamed ? collectStream(raw) : raw).toString('utf8');
    failure = testVerdict(built.kind, res.status, body, hub);
  } catch (e) {
    // the relay's refusals (a request the channel cannot take, a failed signing step) keep their status and code
    if (e instanceof RelayError) failure = channelFailureOf(e);
    else failure = { status: 0, message: String((e as { code?: unknown }).code ?? (e as Error).message) };
  }
  const elapsedMs = Date.now() - started;
  if (failure) failure = { ...failure, message: redact(failure.message) };
  await recordTestResult(app.sql, ch.id, elapsedMs, Math.floor(Date.now() / 1000));
  await actor.tested({ key: picked.index, run, elapsedMs, failure });
  return { success: failure === null, message: failure?.message ?? '', time: elapsedMs / 1000 };
}
