import { describe, expect, it } from 'vitest';
import type { ChatChunk, OpenAiUsage } from '../openai/chat-types.js';
import { READ_SIZES, replaySse, replaySseBytes } from '../replay-sse-fixture.js';
import { ChatChunksToGeminiEvents } from './chat-chunks-to-gemini-events.js';
import { GeminiEventsToChatChunks } from './gemini-events-to-chat-chunks.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const USAGE: OpenAiUsage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };

interface Res {
  candidates?: Array<{ content: { parts: Array<Record<string, any>>; role: string }; finishReason?: string; index: number }>;
  usageMetadata?: Record<string, number>;
  error?: Record<string, unknown>;
  [k: string]: unknown;
}

/** Replays a chat chunk stream through the translator and returns what the client receives. */
function translate(name: string, opts: { sse?: boolean; readSize?: number; usage?: OpenAiUsage } = {}) {
  const t = new ChatChunksToGeminiEvents({ model: 'fallback-model', sse: opts.sse ?? true });
  let out = '';
  for (const ev of replaySse(fixture(name), opts.readSize ?? 7)) {
    if (ev.data !== '[DONE]') out += t.push(JSON.parse(ev.data) as ChatChunk);
  }
  return out + t.end(opts.usage ?? USAGE);
}

/** The responses a Gemini client reads back from either framing. */
function responses(out: string, sse = true): Res[] {
  if (!sse) return JSON.parse(out) as Res[];
  return replaySseBytes(Buffer.from(out)).map((e) => JSON.parse(e.data) as Res);
}

const parts = (rs: Res[]) => rs.flatMap((r) => r.candidates?.[0]?.content.parts ?? []);
const text = (rs: Res[], thought = false) => parts(rs).filter((p) => !!p.thought === thought).map((p) => p.text ?? '').join('');

describe('ChatChunksToGeminiEvents', () => {
  it('frames each text chunk as Google does for alt=sse, and ends with the finish reason and usageMetadata', () => {
    const out = translate('chat-plain-text.sse');
    expect(out.startsWith('data: {"candidates":[{"content":{"parts":[{"text":"你好，世界"}],"role":"model"},"index":0}],"modelVersion":"gpt-4o-mini","responseId":"chatcmpl-gfx1"}\r\n\r\n')).toBe(true);
    const rs = responses(out);
    expect(text(rs)).toBe('你好，世界🙂!');
    expect(rs).toHaveLength(3);
    expect(rs.at(-1)).toEqual({
      candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 11, candidatesTokenCount: 7, totalTokenCount: 18 },
      modelVersion: 'gpt-4o-mini',
      responseId: 'chatcmpl-gfx1',
    });
  });

  it('writes a JSON array streamed piece by piece when the client did not ask for SSE', () => {
    const out = translate('chat-plain-text.sse', { sse: false });
    expect(out.startsWith('[{"candidates"')).toBe(true);
    expect(out.split(',\r\n{"candidates"')).toHaveLength(3);
    expect(out.endsWith('}]')).toBe(true);
    expect(responses(out, false)).toEqual(responses(translate('chat-plain-text.sse')));
  });

  it('reassembles tool-call arguments split across 50 chunks into one functionCall, written once complete', () => {
    const out = translate('chat-tool-call-50-chunks.sse');
    const rs = responses(out);
    const calls = parts(rs).filter((p) => p.functionCall);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.functionCall).toEqual({ name: 'get_weather', args: { city: 'Paris', days: [1, 2, 3], note: 'naïve café ☕ — 天气' } });
    expect(JSON.stringify(calls[0]!.functionCall.args)).toBe('{"city":"Paris","days":[1,2,3],"note":"naïve café ☕ — 天气"}');
    expect(rs).toHaveLength(2);
    expect(rs.at(-1)!.candidates![0]!.finishReason).toBe('STOP');
  });

  it('writes reasoning as thought parts and maps length to MAX_TOKENS when the upstream sent no usage', () => {
    const usage = { prompt_tokens: 5, completion_tokens: 3, completion_tokens_details: { reasoning_tokens: 1 } };
    const rs = responses(translate('chat-no-usage.sse', { usage }));
    expect(text(rs, true)).toBe('Think.');
    expect(text(rs)).toBe('Done.');
    expect(rs.at(-1)!.candidates![0]!.finishReason).toBe('MAX_TOKENS');
    expect(rs.at(-1)!.usageMetadata).toEqual({ promptTokenCount: 5, candidatesTokenCount: 2, totalTokenCount: 8, thoughtsTokenCount: 1 });
  });

  it('writes nothing for empty deltas and for a usage-only chunk', () => {
    const rs = responses(translate('chat-empty-delta.sse'));
    expect(rs.map((r) => r.candidates![0]!.content.parts)).toEqual([[{ text: 'ok' }], [{ text: '' }]]);
  });

  it.each(READ_SIZES)('writes the same bytes whatever the read size (%i bytes)', (size) => {
    for (const name of ['chat-plain-text.sse', 'chat-tool-call-50-chunks.sse']) {
      expect(translate(name, { readSize: size })).toBe(translate(name, { readSize: 4096 }));
      expect(translate(name, { readSize: size, sse: false })).toBe(translate(name, { readSize: 4096, sse: false }));
    }
  });

  it.each([true, false])('ends a failed stream with Google error body and nothing after it (sse: %s)', (sse) => {
    const t = new ChatChunksToGeminiEvents({ model: 'm', sse });
    let out = t.push({ id: 'chatcmpl-x', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'partial' }, finish_reason: null }] });
    out += t.fail({ status: 502, message: 'upstream stream interrupted', type: 'upstream_error', code: 'stream_interrupted' });
    expect(t.end(USAGE)).toBe('');
    expect(t.push({ id: 'x', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'late' }, finish_reason: null }] })).toBe('');
    const rs = responses(out, sse);
    expect(text(rs)).toBe('partial');
    expect(rs.at(-1)).toEqual({ error: { code: 502, message: 'upstream stream interrupted', status: 'INTERNAL' } });
  });

  it('closes an array even when nothing was streamed', () => {
    const t = new ChatChunksToGeminiEvents({ model: 'gemini-x', sse: false });
    expect(responses(t.end(USAGE), false)).toEqual([
      { candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 11, candidatesTokenCount: 7, totalTokenCount: 18 }, modelVersion: 'gemini-x' },
    ]);
  });
});

describe('Gemini → chat → Gemini', () => {
  it.each(['gemini-function-call.sse', 'gemini-thoughts.sse', 'gemini-plain-text.sse'])('keeps text, thoughts, calls and signatures of %s', (name) => {
    const meta = { id: 'chatcmpl-rt', model: 'gemini-2.5-flash', created: 1 };
    const up = new GeminiEventsToChatChunks(meta);
    const down = new ChatChunksToGeminiEvents({ model: 'gemini-2.5-flash', sse: true });
    let out = '';
    for (const ev of replaySse(fixture(name), 5)) for (const chunk of up.push(ev).chunks) out += down.push(chunk);
    out += down.end(up.usage()!);
    const original = replaySse(fixture(name)).map((e) => JSON.parse(e.data) as Res);
    const strip = (ps: Array<Record<string, any>>) => ps.filter((p) => p.text !== '');
    expect(strip(parts(responses(out)))).toEqual(strip(parts(original)));
    expect(responses(out).at(-1)!.usageMetadata!.totalTokenCount).toBe(original.at(-1)!.usageMetadata!.totalTokenCount);
  });
});
