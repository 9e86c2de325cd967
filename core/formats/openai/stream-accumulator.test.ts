import { describe, expect, it } from 'vitest';
import { StreamAccumulator } from './stream-accumulator.js';

const chunk = (o: unknown) => JSON.stringify(o);

describe('StreamAccumulator', () => {
  it('collects text, reasoning and tool calls and counts the most tool calls in one chunk', () => {
    const a = new StreamAccumulator(false);
    a.inspect(chunk({ id: 'c1', created: 5, model: 'm', choices: [{ delta: { content: 'Hel' } }] }));
    a.inspect(chunk({ choices: [{ delta: { reasoning_content: 'think' } }] }));
    a.inspect(chunk({ choices: [{ delta: { tool_calls: [{ function: { name: 'f', arguments: '{}' } }, { function: { name: 'g' } }] } }] }));
    expect(a.read()).toEqual({ text: 'Helthinkf{}g', maxToolCalls: 2 });
  });

  it('drops the usage-only chunk unless the client asked for usage', () => {
    const usage = { choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } };
    const silent = new StreamAccumulator(false);
    expect(silent.inspect(chunk(usage))).toBe('drop');
    expect(silent.usage).toMatchObject({ completion_tokens: 4 });
    expect(new StreamAccumulator(true).inspect(chunk(usage))).toBe('forward');
  });

  it('forwards a chunk carrying both choices and usage', () => {
    const a = new StreamAccumulator(false);
    expect(a.inspect(chunk({ choices: [{ delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1 } }))).toBe('forward');
  });

  it('ignores zero usage and forwards non-JSON payloads untouched', () => {
    const a = new StreamAccumulator(false);
    expect(a.inspect(chunk({ choices: [], usage: { prompt_tokens: 0, completion_tokens: 0 } }))).toBe('forward');
    expect(a.usage).toBeNull();
    expect(a.inspect('not json')).toBe('forward');
  });

  it('forwards an error payload mid-stream and counts nothing from it', () => {
    const a = new StreamAccumulator(false);
    a.inspect(chunk({ choices: [{ delta: { content: 'ok' } }] }));
    expect(a.inspect(chunk({ error: { message: 'boom' }, choices: [{ delta: { content: 'x' } }] }))).toBe('forward');
    expect(a.read().text).toBe('ok');
  });

  it('includes chunks inspected after an earlier read', () => {
    const a = new StreamAccumulator(false);
    a.inspect(chunk({ choices: [{ delta: { content: 'a' } }] }));
    expect(a.read().text).toBe('a');
    a.inspect(chunk({ choices: [{ delta: { content: 'b' } }] }));
    expect(a.read().text).toBe('ab');
  });

  it('reads a long stream whole and in order across the points where its chunks are folded', () => {
    const a = new StreamAccumulator(false);
    const pieces = Array.from({ length: 3000 }, (_, i) => `<${i}>`.padEnd(40, '.'));
    pieces.forEach((p, i) => a.inspect(chunk({ id: `c${i}`, created: i, model: 'm', choices: [{ delta: { content: p } }] })));
    a.inspect(chunk({ id: 'last', choices: [{ delta: { tool_calls: [{ function: { name: 'f' } }, { function: { name: 'g' } }, { function: { name: 'h' } }] } }] }));
    expect(a.read()).toEqual({ text: `${pieces.join('')}fgh`, maxToolCalls: 3 });
    expect(a.read().text).toHaveLength(3000 * 40 + 3);
    // the identity of a synthesised usage chunk is the last one seen, across folds
    expect(JSON.parse(a.usageChunk({ prompt_tokens: 1 }, 'fallback', 1))).toMatchObject({ id: 'last', created: 2999, model: 'm' });
  });

  it('ignores the "usage": null that OpenAI puts on every chunk', () => {
    const a = new StreamAccumulator(false);
    expect(a.inspect(chunk({ choices: [{ delta: { content: 'a' } }], usage: null }))).toBe('forward');
    expect(a.inspect('{"choices":[],"usage" : {"prompt_tokens":2,"completion_tokens":1}}')).toBe('drop');
    expect(a.usage).toMatchObject({ prompt_tokens: 2 });
  });

  it('keeps no usage from a chunk whose content mentions "usage" only as text', () => {
    const a = new StreamAccumulator(false);
    expect(a.inspect(chunk({ choices: [{ delta: { content: 'the "usage" field' } }] }))).toBe('forward');
    expect(a.usage).toBeNull();
    expect(a.read().text).toBe('the "usage" field');
  });

  it('synthesises a usage chunk with the last chunk identity', () => {
    const a = new StreamAccumulator(true);
    a.inspect(chunk({ id: 'x', created: 9, model: 'm', choices: [{ delta: { content: 'a' } }] }));
    expect(JSON.parse(a.usageChunk({ prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 }, 'fallback', 100))).toEqual({
      id: 'x', object: 'chat.completion.chunk', created: 9, model: 'm', system_fingerprint: null, choices: [], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
    });
  });
});
