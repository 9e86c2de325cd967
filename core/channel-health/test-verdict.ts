import type { HubAdapter } from '../providers/hub-adapter.js';
import { upstreamError } from '../relay/upstream-error.js';
import { channelFailureOf, type ChannelFailure } from './channel-failure.js';
import type { TestKind } from './test-request.js';

const EXCERPT = 500;

// Where each kind of good answer keeps its result.
const RESULT_FIELD: Readonly<Record<Exclude<TestKind, `hub-${string}`>, string>> = {
  'openai-chat': 'choices',
  'openai-embeddings': 'data',
  'openai-responses': 'output',
  claude: 'content',
  gemini: 'candidates',
  'gemini-embed': 'embedding',
};

const excerpt = (text: string) => text.trim().slice(0, EXCERPT);

// Only the verdict reads the translated answer: its identity is never shown.
const META = { id: 'channel-test', model: '', created: 0 };

/**
 * What a test answer says: null when it is a good answer of the kind asked for. Any other status is the
 * upstream's error (its message when the body is JSON, else the raw body as new-api's test shows it); a 200
 * carrying an `error` (OpenRouter's 429 inside a 200, Anthropic's `type: error`) or no result is a failure too.
 * A `hub-*` answer is whatever the provider's adapter (`hub`) reads from it, as the relay would read it.
 */
export function testVerdict(kind: TestKind, status: number, body: string, hub?: HubAdapter): ChannelFailure | null {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = null;
  }
  const obj = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  if (status !== 200) {
    const err = upstreamError(status, body);
    const message = obj ? err.message : excerpt(body) || err.message;
    return channelFailureOf({ status, message, upstream: err.upstream });
  }
  if (kind === 'hub-chat' || kind === 'hub-embeddings') {
    const side = kind === 'hub-chat' ? hub?.chat : hub?.embeddings;
    if (!side) return { status, message: `no ${kind === 'hub-chat' ? 'chat' : 'embeddings'} adapter for this channel type`, inBody: true };
    const answer = side.answer(Buffer.from(body), META);
    return answer.ok ? null : channelFailureOf(answer.failure, true);
  }
  if (!obj) return { status, message: `invalid response: ${excerpt(body)}`, inBody: true };
  const error = obj.error;
  if (error !== undefined && error !== null && error !== '') {
    const e = typeof error === 'object' ? (error as Record<string, unknown>) : { message: String(error) };
    const message = typeof e.message === 'string' && e.message ? e.message : excerpt(body);
    return channelFailureOf({ status, message, upstream: e }, true);
  }
  const result = obj[RESULT_FIELD[kind]];
  if (result === undefined || result === null) return { status, message: `invalid response: ${excerpt(body)}`, inBody: true };
  return null;
}
