import type { Exchange } from '../http/exchange.js';
import type { OpenAiUsage } from '../formats/openai/stream-accumulator.js';
import type { UpstreamResponse } from '../upstream/upstream-client.js';
import { readCapped } from '../upstream/read-capped.js';
import { RelayError } from './relay-error.js';
import type { Delivered } from './relay-outcome.js';
import { transportFailure } from './transport-failure.js';
import { upstreamError } from './upstream-error.js';

const MAX_RESPONSE = 64 * 1024 * 1024;

/**
 * Relays a complete JSON answer byte for byte. An error object inside a 200 is treated as an upstream
 * failure (retryable, not billed) rather than a success.
 */
export async function forwardNonStream(ex: Exchange, res: UpstreamResponse): Promise<{ usage: OpenAiUsage | null; delivered: () => Delivered }> {
  let buf: Buffer;
  try {
    buf = await readCapped(res.body, MAX_RESPONSE);
  } catch (e) {
    throw transportFailure(e, 'response');
  }
  let parsed: Record<string, any> | null = null;
  try {
    parsed = JSON.parse(buf.toString('utf8')) as Record<string, any>;
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object') {
    throw new RelayError(502, 'upstream returned a body that is not JSON', { type: 'upstream_error', code: 'bad_response_body', local: false });
  }
  if (parsed.error && !parsed.choices && !parsed.data) throw upstreamError(500, buf.toString('utf8'));
  const contentType = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : 'application/json';
  ex.send(200, buf, { 'Content-Type': contentType });
  return { usage: (parsed.usage as OpenAiUsage | undefined) ?? null, delivered: () => deliveredOf(parsed) };
}

/** The answer's text, reasoning and tool calls, for local counting when the upstream reported no usage. */
function deliveredOf(parsed: Record<string, any>): Delivered {
  let text = '';
  let maxToolCalls = 0;
  for (const choice of Array.isArray(parsed.choices) ? (parsed.choices as Array<Record<string, any>>) : []) {
    const m = (choice.message ?? {}) as Record<string, any>;
    if (typeof m.content === 'string') text += m.content;
    if (typeof m.reasoning_content === 'string') text += m.reasoning_content;
    if (typeof choice.text === 'string') text += choice.text;
    if (Array.isArray(m.tool_calls)) {
      maxToolCalls = Math.max(maxToolCalls, m.tool_calls.length);
      for (const call of m.tool_calls as Array<Record<string, any>>) text += `${call.function?.name ?? ''}${call.function?.arguments ?? ''}`;
    }
  }
  return { text, maxToolCalls };
}
