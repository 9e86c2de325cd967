import { describe, expect, it } from 'vitest';
import type { ChatChunk } from '../openai/chat-types.js';
import { READ_SIZES, replaySse, replaySseBytes } from '../replay-sse-fixture.js';
import { ChatChunksToResponsesEvents } from './chat-chunks-to-responses-events.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);

interface Ev {
  type: string;
  sequence_number: number;
  [k: string]: any;
}

/** Replays a chat chunk stream through the translator and parses the Responses events it wrote. */
function translate(name: string, readSize = 7, usage = { prompt_tokens: 11, completion_tokens: 7 }) {
  const t = new ChatChunksToResponsesEvents('fallback-model', 1_700_000_999);
  let out = '';
  for (const ev of replaySse(fixture(name), readSize)) {
    if (ev.data === '[DONE]') continue;
    out += t.push(JSON.parse(ev.data) as ChatChunk);
  }
  out += t.end(usage);
  return replaySseBytes(Buffer.from(out)).map((e) => {
    const body = JSON.parse(e.data) as Ev;
    expect(e.event).toBe(body.type);
    return body;
  });
}

const textOf = (events: Ev[], type: string) => events.filter((e) => e.type === type).map((e) => e.delta as string).join('');

describe('ChatChunksToResponsesEvents', () => {
  it('streams plain text as one message item with numbered events and a completed response', () => {
    const events = translate('chat-plain-text.sse');
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(textOf(events, 'response.output_text.delta')).toBe('你好，世界🙂!');
    const done = events.at(-1)!.response;
    expect(done).toMatchObject({ id: 'resp_fx1', status: 'completed', model: 'gpt-4o-mini' });
    expect(done.output).toEqual([{ type: 'message', id: 'msg_fx1_0', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: '你好，世界🙂!', annotations: [] }] }]);
    expect(done.usage).toEqual({ input_tokens: 11, input_tokens_details: { cached_tokens: 0 }, output_tokens: 7, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 18 });
  });

  it('reassembles tool-call arguments split across 50 chunks exactly', () => {
    const events = translate('chat-tool-call-50-chunks.sse');
    const args = '{"city":"Paris","days":[1,2,3],"note":"naïve café ☕ — 天气"}';
    expect(events.filter((e) => e.type === 'response.function_call_arguments.delta')).toHaveLength(50);
    expect(textOf(events, 'response.function_call_arguments.delta')).toBe(args);
    expect(events.find((e) => e.type === 'response.function_call_arguments.done')).toMatchObject({ name: 'get_weather', arguments: args, output_index: 0 });
    expect(events.at(-1)!.response.output).toEqual([{ type: 'function_call', id: 'fc_fx1_0', call_id: 'call_w1', name: 'get_weather', arguments: args, status: 'completed' }]);
  });

  it('puts reasoning in its own item before the message, and a cut-off answer ends incomplete', () => {
    const events = translate('chat-reasoning-then-text.sse');
    expect(textOf(events, 'response.reasoning_summary_text.delta')).toBe('Let me think.');
    const last = events.at(-1)!;
    expect(last.type).toBe('response.incomplete');
    expect(last.response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(last.response.output.map((o: { type: string }) => o.type)).toEqual(['reasoning', 'message']);
  });

  it('ignores empty deltas', () => {
    const events = translate('chat-empty-delta.sse');
    expect(events.filter((e) => e.type === 'response.output_text.delta').map((e) => e.delta)).toEqual(['ok']);
  });

  it.each(READ_SIZES)('gives the same events whatever the read size (%i bytes)', (size) => {
    expect(translate('chat-plain-text.sse', size)).toEqual(translate('chat-plain-text.sse', 4096));
    expect(translate('chat-tool-call-50-chunks.sse', size)).toEqual(translate('chat-tool-call-50-chunks.sse', 4096));
  });

  it('ends a failed stream with one error event and nothing after it', () => {
    const t = new ChatChunksToResponsesEvents('m', 1);
    t.push({ id: 'chatcmpl-x', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'partial' }, finish_reason: null }] });
    const frame = t.fail({ status: 502, message: 'upstream stream interrupted', type: 'upstream_error', code: 'stream_interrupted' });
    const [ev] = replaySseBytes(Buffer.from(frame));
    expect(ev).toMatchObject({ event: 'error' });
    expect(JSON.parse(ev!.data)).toMatchObject({ type: 'error', code: 'stream_interrupted', message: 'upstream stream interrupted' });
    expect(t.end({ prompt_tokens: 1, completion_tokens: 1 })).toBe('');
  });
});
