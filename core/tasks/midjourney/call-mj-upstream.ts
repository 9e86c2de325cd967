import type { ChannelActor } from '../../actors/channel-actor.js';
import type { TaskContext } from '../task-context.js';
import { callTaskUpstream, channelBase, parseAnswer } from '../task-upstream.js';
import { mjUpstreamBody } from './mj-upstream-body.js';

export interface MjUpstreamAnswer {
  status: number;
  /** the parsed body; null when it was not JSON */
  json: unknown;
  empty: boolean;
}

/** new-api's submit timeout; image-seed lookups get 30 s. */
const SUBMIT_TIMEOUT_MS = 60_000;

/**
 * One call to a Midjourney-Proxy channel (new-api DoMidjourneyHttpRequest): the channel key goes in
 * `mj-api-secret`; a JSON body is shaped by the Mj* switches; a GET carries none.
 */
export async function callMjUpstream(ctx: TaskContext, ch: ChannelActor, path: string, body: Record<string, unknown> | null, timeoutMs = SUBMIT_TIMEOUT_MS): Promise<MjUpstreamAnswer> {
  const { options } = ctx.app;
  const headers: Record<string, string> = {
    accept: ctx.ex.req.headers.accept ?? 'application/json',
    'mj-api-secret': ch.nextKey().replace(/^Bearer /, ''),
  };
  let payload: string | undefined;
  if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(
      mjUpstreamBody(body, {
        accountFilter: options.bool('MjAccountFilterEnabled'),
        notifyHook: options.bool('MjNotifyEnabled'),
        clearMode: options.bool('MjModeClearEnabled'),
      }),
    );
  }
  const answer = await callTaskUpstream(ctx.upstream, { url: `${channelBase(ch)}${path}`, method: body ? 'POST' : 'GET', headers, body: payload, timeoutMs });
  return { status: answer.status, json: parseAnswer(answer.body), empty: answer.body.length === 0 };
}
