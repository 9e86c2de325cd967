import { request } from 'undici';
import type { ChannelActor } from '../actors/channel-actor.js';
import type { AppServices } from '../app-services.js';
import { CHANNEL_STATUS } from '../contracts/channel.js';
import { recordTestResult } from '../db/repositories/channels.js';
import { channelRedactor } from '../relay/channel-redactor.js';
import { formatSettingsOf } from '../relay/format-settings-view.js';
import { mapModel } from '../relay/model-mapping.js';
import { readCapped } from '../upstream/read-capped.js';
import type { ChannelFailure } from './channel-failure.js';
import { buildTestRequest, testModelOf, untestableReason } from './test-request.js';
import { testVerdict } from './test-verdict.js';

/** What GET /api/channel/test/:id answers: `time` in seconds. */
export interface ChannelTestResult {
  success: boolean;
  message: string;
  time: number;
}

const MAX_BODY = 1024 * 1024;

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
 * Sends one minimal real request to the channel in its own dialect (test-request.ts), records response_time
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
  try {
    const upstreamModel = mapModel(model, ch.modelMapping).upstreamModel;
    const req = buildTestRequest(ch, model, upstreamModel, picked.key, formatSettingsOf(app.options));
    const res = await request(req.url, {
      method: 'POST',
      headers: req.headers,
      body: req.body,
      dispatcher: app.channelHealth.outbound,
      headersTimeout: app.env.FIRST_BYTE_TIMEOUT * 1000,
      bodyTimeout: app.env.STREAMING_TIMEOUT * 1000,
    });
    const body = (await readCapped(res.body, MAX_BODY)).toString('utf8');
    failure = testVerdict(req.kind, res.statusCode, body);
  } catch (e) {
    const cause = (e as { code?: unknown }).code ?? (e as Error).message;
    failure = { status: 0, message: String(cause) };
  }
  const elapsedMs = Date.now() - started;
  if (failure) failure = { ...failure, message: redact(failure.message) };
  await recordTestResult(app.sql, ch.id, elapsedMs, Math.floor(Date.now() / 1000));
  await actor.tested({ key: picked.index, run, elapsedMs, failure });
  return { success: failure === null, message: failure?.message ?? '', time: elapsedMs / 1000 };
}
