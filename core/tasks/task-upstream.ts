import type { ChannelActor } from '../actors/channel-actor.js';
import { providerOf } from '../providers/registry.js';
import { readCapped } from '../upstream/read-capped.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { parseJsonText } from './parse-json-text.js';

/** Task answers are small JSON documents (or one image); anything bigger is not one. */
const ANSWER_CAP = 20 * 1024 * 1024;

/** What the task relay and poller send through: the shared client, or one request's view of it (cutOnShutdown). */
export type TaskUpstream = Pick<UpstreamClient, 'send'>;

export interface TaskUpstreamAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** The channel's base URL, or its type's default (relay.md §8). */
export const channelBase = (ch: ChannelActor): string => ch.config.baseUrl || providerOf(ch.config.type).defaultBaseUrl;

/**
 * One upstream call of the task relay or poller, read whole within `timeoutMs` (new-api: 60 s for a
 * submit, 15 s for a poll or fetch). Throws on network failure, timeout or an oversized answer.
 */
export async function callTaskUpstream(
  upstream: TaskUpstream,
  r: { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string | Buffer; timeoutMs: number },
): Promise<TaskUpstreamAnswer> {
  const call = upstream.send({ ...r, firstByteTimeoutMs: r.timeoutMs, idleTimeoutMs: r.timeoutMs });
  const timer = setTimeout(() => call.abort(new Error(`upstream did not answer within ${r.timeoutMs} ms`)), r.timeoutMs);
  try {
    const res = await call.response;
    const body = await readCapped(res.body, ANSWER_CAP);
    const type = res.headers['content-type'];
    return { status: res.status, contentType: (Array.isArray(type) ? type[0] : type) ?? '', body };
  } finally {
    clearTimeout(timer);
  }
}

/** Parses an upstream answer as JSON; null when it is not JSON at all. */
export const parseAnswer = (body: Buffer): unknown => parseJsonText(body.toString('utf8'));
