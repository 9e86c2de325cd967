import { describe, expect, it } from 'vitest';
import type { TokenCounter } from '../../workers/pool.js';
import {
  audioBytesPerSecond,
  audioInputTokens,
  audioOutputTokens,
  base64Bytes,
  countTally,
  newTally,
  stringFieldLength,
  tallyClientFrame,
  tallyIsEmpty,
  tallyServerFrame,
  tallyTools,
  type AudioFormats,
  type RealtimeClientSession,
} from './realtime-local-count.js';

const frame = (event: unknown) => Buffer.from(typeof event === 'string' ? event : JSON.stringify(event));
const PCM = (): AudioFormats => ({ input: 'pcm16', output: 'pcm16' });

describe('stringFieldLength', () => {
  it.each([
    ['a plain field', '{"type":"x","audio":"QUJD"}', 'audio', 4],
    ['spaces around the colon', '{"type":"x", "audio" :  "QUJDRA=="}', 'audio', 8],
    ['an empty string', '{"audio":""}', 'audio', 0],
    ['absent', '{"type":"x"}', 'audio', 0],
    ['not a string', '{"audio":42}', 'audio', 0],
    ['unterminated', '{"audio":"QUJD', 'audio', 0],
    ['an escaped quote before the word in a value does not make it the key', '{"note":"\\"audio\\"","audio":"QQ=="}', 'audio', 4],
  ])('%s', (_name, json, field, length) => {
    expect(stringFieldLength(Buffer.from(json), field)).toBe(length);
  });
});

describe("new-api's audio token formulas", () => {
  it.each([
    // pcm16 at 24 kHz: 48 000 bytes a second
    ['pcm16', 48_000, 1],
    ['g711_ulaw', 8000, 1],
    ['g711_alaw', 8000, 1],
    ['something-else', 48_000, 1],
  ])('%s: %d bytes a second', (format, bytes, seconds) => expect(bytes / audioBytesPerSecond(format)).toBe(seconds));

  it.each([
    [0, 0, 0],
    // 1 s: 100/0.06/60 = 27.7… in, 200/0.24/60 = 13.8… out, truncated
    [1, 27, 13],
    [60, 1666, 833],
    [2.5, 69, 34],
  ])('%d s → %d tokens in, %d out', (seconds, input, output) => {
    expect(audioInputTokens(seconds)).toBe(input);
    expect(audioOutputTokens(seconds)).toBe(output);
  });

  it.each([
    [0, 0],
    [4, 3],
    [64_000, 48_000],
  ])('%d base64 characters hold %d bytes', (chars, bytes) => expect(base64Bytes(chars)).toBe(bytes));
});

describe('tallyClientFrame', () => {
  it('tallies instructions, input_text items and appended audio; ignores the rest', () => {
    const t = newTally();
    const session: RealtimeClientSession = { tools: [] };
    tallyClientFrame(t, frame({ type: 'session.update', session: { instructions: 'Be brief.', voice: 'alloy' } }), session);
    tallyClientFrame(t, frame({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }, { type: 'input_audio', audio: 'AAAA' }] } }), session);
    tallyClientFrame(t, frame({ type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'c', output: 'not counted' } }), session);
    tallyClientFrame(t, frame({ type: 'input_audio_buffer.append', audio: 'A'.repeat(64) }), session);
    tallyClientFrame(t, frame({ type: 'input_audio_buffer.append', audio: 'B'.repeat(16) }), session);
    tallyClientFrame(t, frame({ type: 'response.create' }), session);
    tallyClientFrame(t, frame('{"type":"session.update", not json'), session);
    expect(t).toEqual({ inputTexts: ['Be brief.', 'Hi'], outputTexts: [], audioInBase64: 80, audioOutBase64: 0, fixedInputTokens: 0 });
    expect(session.tools).toEqual([]);
  });

  it('keeps the tools of the last session.update that has a list (an update without one keeps them)', () => {
    const session: RealtimeClientSession = { tools: [] };
    const weather = { type: 'function', name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } };
    tallyClientFrame(newTally(), frame({ type: 'session.update', session: { tools: [weather, { type: 'function', name: 'noop' }] } }), session);
    expect(session.tools).toEqual(['{function get_weather Weather of a city map[properties:map[city:map[type:string]] type:object]}', '{function noop  <nil>}']);
    tallyClientFrame(newTally(), frame({ type: 'session.update', session: { voice: 'alloy' } }), session);
    expect(session.tools).toHaveLength(2);
    tallyClientFrame(newTally(), frame({ type: 'session.update', session: { tools: [] } }), session);
    expect(session.tools).toEqual([]);
  });
});

describe('tallyTools', () => {
  it.each([
    ['no tools', [], [], 0],
    ['one tool: its text and 8 tokens', ['function a  '], ['function a  '], 8],
    ['three tools: 24 tokens', ['x', 'y', 'z'], ['x', 'y', 'z'], 24],
  ])('%s', (_name, tools, texts, fixed) => {
    const t = newTally();
    tallyTools(t, { tools });
    expect(t.inputTexts).toEqual(texts);
    expect(t.fixedInputTokens).toBe(fixed);
    expect(tallyIsEmpty(t)).toBe(tools.length === 0);
  });
});

describe('tallyServerFrame', () => {
  it.each([
    ['response.text.delta', { type: 'response.text.delta', delta: 'Hello' }, { outputTexts: ['Hello'] }],
    ['response.audio_transcript.delta', { type: 'response.audio_transcript.delta', delta: 'Hi' }, { outputTexts: ['Hi'] }],
    ['response.function_call_arguments.delta', { type: 'response.function_call_arguments.delta', delta: '{"a"' }, { outputTexts: ['{"a"'] }],
    ['GA response.output_text.delta', { type: 'response.output_text.delta', delta: 'x' }, { outputTexts: ['x'] }],
    ['response.audio.delta', { type: 'response.audio.delta', response_id: 'r', delta: 'AAEC' }, { audioOutBase64: 4 }],
    ['GA response.output_audio.delta', { type: 'response.output_audio.delta', delta: 'AAECAwQF' }, { audioOutBase64: 8 }],
  ])('tallies %s', (_name, event, expected) => {
    const t = newTally();
    expect(tallyServerFrame(t, frame(event), PCM())).toBe(true);
    expect(t).toEqual({ ...newTally(), ...expected });
  });

  it.each([
    ['response.done', { type: 'response.done', response: { usage: null } }],
    ['an unknown delta', { type: 'response.other.delta', delta: 'x' }],
    ['response.created', { type: 'response.created', response: { id: 'r' } }],
  ])('leaves %s alone', (_name, event) => {
    const t = newTally();
    expect(tallyServerFrame(t, frame(event), PCM())).toBe(false);
    expect(tallyIsEmpty(t)).toBe(true);
  });

  it('takes the audio formats from session.created and session.updated', () => {
    const formats = PCM();
    expect(tallyServerFrame(newTally(), frame({ type: 'session.created', session: { input_audio_format: 'g711_ulaw', output_audio_format: 'pcm16' } }), formats)).toBe(true);
    expect(formats).toEqual({ input: 'g711_ulaw', output: 'pcm16' });
    tallyServerFrame(newTally(), frame({ type: 'session.updated', session: { output_audio_format: 'g711_alaw' } }), formats);
    expect(formats).toEqual({ input: 'g711_ulaw', output: 'g711_alaw' });
  });
});

describe('countTally', () => {
  /** counts one token per character, or fails */
  const counter = (fail = false): TokenCounter & { texts: string[] } => {
    const texts: string[] = [];
    return {
      texts,
      count: async (task) => {
        if (task.kind !== 'text') throw new Error('unexpected task');
        texts.push(task.text);
        if (fail) throw new Error('pool down');
        return task.text.length;
      },
      close: async () => {},
    };
  };

  it("counts each side's text as one task and the audio by its duration", async () => {
    const c = counter();
    // 2 s of pcm16 in (96 000 bytes = 128 000 base64 chars), 1 s of g711 out (8000 bytes)
    const tally = { inputTexts: ['Be brief.', 'Hi'], outputTexts: ['Hello', ' there'], audioInBase64: 128_000, audioOutBase64: 10_668, fixedInputTokens: 0 };
    const u = await countTally(c, 'gpt-4o-realtime-preview', tally, { input: 'pcm16', output: 'g711_ulaw' }, () => {});
    expect(c.texts.sort()).toEqual(['Be brief.Hi', 'Hello there']);
    expect(u).toEqual({
      input_tokens: 11 + 55,
      output_tokens: 11 + 13,
      text_input: 11,
      audio_input: 55,
      cached_input: 0,
      cached_text_input: 0,
      cached_audio_input: 0,
      text_output: 11,
      audio_output: 13,
    });
  });

  it('falls back to the byte estimate when the pool fails, and says so', async () => {
    const errors: unknown[] = [];
    const u = await countTally(counter(true), 'm', { ...newTally(), outputTexts: ['abcdefg'] }, PCM(), (e) => errors.push(e));
    // 7 bytes / 3, rounded up
    expect(u).toMatchObject({ output_tokens: 3, text_output: 3, input_tokens: 0 });
    expect(errors).toHaveLength(1);
  });

  it('adds the fixed tool tokens to the counted input text', async () => {
    const u = await countTally(counter(), 'm', { ...newTally(), inputTexts: ['abc'], fixedInputTokens: 16 }, PCM(), () => {});
    // the test counter counts characters: 3 + 16
    expect(u).toMatchObject({ input_tokens: 19, text_input: 19, output_tokens: 0 });
  });

  it('asks the pool nothing for a side without text', async () => {
    const c = counter();
    const u = await countTally(c, 'm', newTally(), PCM(), () => {});
    expect(c.texts).toEqual([]);
    expect(u.input_tokens + u.output_tokens).toBe(0);
  });
});
