import { createParser } from 'eventsource-parser';

/**
 * A Responses stream read to its end as the one JSON body a non-stream client expects (Codex always answers
 * a stream; new-api buffers it the same way): the `response` of the closing event. A failure event, or a
 * stream that never closes, becomes an `error` body, which the relay treats as the upstream's failure.
 */
export function collectResponsesStream(body: Buffer): Buffer {
  let final: Record<string, unknown> | null = null;
  let failure: { message: string; type: string; code: unknown } | null = null;
  const parser = createParser({
    onEvent(ev) {
      if (ev.data === '[DONE]') return;
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(ev.data) as Record<string, unknown>;
      } catch {
        return;
      }
      const type = typeof data.type === 'string' ? data.type : ev.event;
      const response = data.response && typeof data.response === 'object' ? (data.response as Record<string, unknown>) : null;
      if ((type === 'response.completed' || type === 'response.incomplete' || type === 'response.done') && response) final = response;
      else if (type === 'response.failed') failure ??= failureOf(response?.error, 'response failed');
      else if (type === 'error') failure ??= failureOf(data.error ?? data, 'upstream stream error');
    },
  });
  parser.feed(body.toString('utf8'));
  parser.feed('\n\n');
  if (failure) return Buffer.from(JSON.stringify({ error: failure }));
  if (!final) return Buffer.from(JSON.stringify({ error: { message: 'codex stream ended without response.completed', type: 'upstream_error', code: 'bad_response' } }));
  return Buffer.from(JSON.stringify(final));
}

function failureOf(e: unknown, fallback: string): { message: string; type: string; code: unknown } {
  const o = e && typeof e === 'object' ? (e as Record<string, unknown>) : {};
  const message = typeof o.message === 'string' && o.message ? o.message : fallback;
  return { message, type: typeof o.type === 'string' ? o.type : 'upstream_error', code: o.code ?? null };
}
