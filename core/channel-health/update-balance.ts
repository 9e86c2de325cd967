import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { ZodError } from 'zod';
import type { ChannelActor } from '../actors/channel-actor.js';
import type { AppServices } from '../app-services.js';
import { CHANNEL_STATUS } from '../contracts/channel.js';
import { recordBalance } from '../db/repositories/channels.js';
import { channelRedactor } from '../relay/channel-redactor.js';
import { readCapped } from '../upstream/read-capped.js';
import { balancePlan, openAiBalance, readSubscription } from './balance-query.js';

const TIMEOUT_MS = 30_000;
const MAX_BODY = 256 * 1024;

async function getJson(app: AppServices, url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await request(url, {
    method: 'GET',
    headers,
    dispatcher: app.channelHealth.outbound,
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = await readCapped(res.body, MAX_BODY);
  if (res.statusCode !== 200) throw new Error(`status code: ${res.statusCode}`);
  return JSON.parse(body.toString('utf8')) as unknown;
}

/** The channel's balance from its provider; throws the reason (redacted) when there is none to be had. */
async function queryBalance(app: AppServices, actor: ChannelActor): Promise<number> {
  const ch = actor.config;
  const key = ch.keys.find((_, i) => (ch.multiKey.statuses[i] ?? CHANNEL_STATUS.enabled) === CHANNEL_STATUS.enabled) ?? ch.keys[0] ?? '';
  const plan = balancePlan(ch.type, ch.baseUrl, key);
  try {
    switch (plan.kind) {
      case 'unsupported':
        throw new Error(plan.message);
      case 'single':
        return plan.call.read(await getJson(app, plan.call.url, plan.call.headers));
      case 'openai': {
        const sub = readSubscription(await getJson(app, plan.subscriptionUrl, plan.headers));
        return openAiBalance(sub.hardLimitUsd, await getJson(app, plan.usageUrl(sub.hasPaymentMethod, new Date()), plan.headers));
      }
    }
  } catch (e) {
    const message = e instanceof ZodError || e instanceof SyntaxError ? 'invalid balance response' : String((e as { code?: unknown }).code ?? (e as Error).message);
    throw new Error(channelRedactor(ch)(message));
  }
}

/** GET /api/channel/update_balance/:id: stores balance and balance_updated_time only, as new-api does. */
export async function updateBalance(app: AppServices, actor: ChannelActor): Promise<{ ok: true; balance: number } | { ok: false; message: string }> {
  try {
    const balance = await queryBalance(app, actor);
    await recordBalance(app.sql, actor.id, balance, Math.floor(Date.now() / 1000));
    app.push.notifyAdmins({ kind: 'channel_balance', channel_id: actor.id, channel_name: actor.config.name, balance });
    return { ok: true, balance };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}

/**
 * Every enabled channel in turn, POLLING_INTERVAL seconds apart (new-api's updateAllChannelsBalance); a balance
 * of zero or less then auto-disables the channel through its actor's rules (余额不足), which, unlike new-api's,
 * respect AutomaticDisableChannelEnabled and auto_ban.
 */
export async function updateAllBalances(app: AppServices): Promise<void> {
  const rows = await app.sql<{ id: number }[]>`SELECT id FROM channels WHERE status = ${CHANNEL_STATUS.enabled} ORDER BY id`;
  for (const [i, { id }] of rows.entries()) {
    if (i > 0 && app.env.POLLING_INTERVAL > 0) await sleep(app.env.POLLING_INTERVAL * 1000);
    const actor = await app.channels.refresh(id);
    if (!actor || actor.config.status !== CHANNEL_STATUS.enabled) continue;
    const r = await updateBalance(app, actor);
    if (r.ok) await actor.balanceRead(r.balance);
  }
}
