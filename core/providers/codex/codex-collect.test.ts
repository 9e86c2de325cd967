import { describe, expect, it } from 'vitest';
import { collectResponsesStream } from './codex-collect.js';

const sse = (...events: Array<Record<string, unknown>>) => Buffer.from(events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join(''));
const done = { id: 'resp_1', object: 'response', status: 'completed', output: [{ type: 'message', content: [{ type: 'output_text', text: 'Hi' }] }], usage: { input_tokens: 10, output_tokens: 20, total_tokens: 30 } };

describe('collectResponsesStream', () => {
  it('answers with the response of response.completed', () => {
    const body = sse({ type: 'response.created', response: { id: 'resp_1', status: 'in_progress' } }, { type: 'response.output_text.delta', delta: 'Hi' }, { type: 'response.completed', response: done });
    expect(JSON.parse(collectResponsesStream(body).toString())).toEqual(done);
  });

  it('reads CRLF framing and a stream cut into odd pieces the same way', () => {
    const body = Buffer.from(sse({ type: 'response.completed', response: done }).toString().replace(/\n/g, '\r\n'));
    expect(JSON.parse(collectResponsesStream(body).toString())).toEqual(done);
  });

  it.each([
    [sse({ type: 'response.failed', response: { error: { message: 'usage limit reached', code: 'rate_limit' } } }), { message: 'usage limit reached', type: 'upstream_error', code: 'rate_limit' }],
    [sse({ type: 'error', error: { type: 'invalid_request_error', message: 'bad model' } }), { message: 'bad model', type: 'invalid_request_error', code: null }],
    [sse({ type: 'response.created', response: { id: 'r' } }), { message: 'codex stream ended without response.completed', type: 'upstream_error', code: 'bad_response' }],
  ])('turns a failed or unfinished stream into an error body', (body, error) => {
    expect(JSON.parse(collectResponsesStream(body).toString())).toEqual({ error });
  });
});
