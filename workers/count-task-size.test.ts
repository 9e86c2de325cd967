import { describe, expect, it } from 'vitest';
import { countTaskTextSize } from './count-task-size.js';
import type { CountTask } from './count-tokens-task.js';

const big = 'x'.repeat(100_000);

describe('countTaskTextSize', () => {
  it.each<[string, CountTask, number]>([
    ['text', { kind: 'text', model: 'gpt-4', text: 'hello world' }, 11],
    ['completion', { kind: 'completion', model: 'gpt-4', text: 'hello', toolCalls: 3 }, 5],
    ['a prompt string', { kind: 'prompt', model: 'm', prompt: 'abc' }, 3],
    ['prompt strings', { kind: 'prompt', model: 'm', prompt: ['abc', 'defghi', 7] }, 9],
    ['token ids', { kind: 'prompt', model: 'm', prompt: [[1, 2, 3]] }, 0],
    ['junk prompt', { kind: 'prompt', model: 'm', prompt: { a: 'b' } }, 0],
    [
      'chat text, roles and names, not image URLs',
      {
        kind: 'chat',
        model: 'gpt-4',
        request: {
          messages: [
            { role: 'user', name: 'al', content: 'hello' },
            { role: 'user', content: [{ type: 'text', text: 'abc' }, { type: 'image_url', image_url: { url: big } }] },
            null,
          ],
        },
      },
      4 + 2 + 5 + 4 + 3,
    ],
    [
      'tool names, descriptions and (roughly) parameters',
      { kind: 'chat', model: 'gpt-4', request: { tools: [{ function: { name: 'f', description: 'dd', parameters: { type: 'object' } } }, 'junk'] } },
      1 + 2 + (2 + 'type'.length + 3 + 'object'.length + 2),
    ],
    ['malformed chat', { kind: 'chat', model: 'gpt-4', request: { messages: 'hi', tools: 3 } }, 0],
  ])('%s', (_label, task, size) => {
    expect(countTaskTextSize(task)).toBe(size);
  });

  it('stops early past the cap', () => {
    const messages = Array.from({ length: 1000 }, () => ({ role: 'user', content: 'y'.repeat(1000) }));
    const size = countTaskTextSize({ kind: 'chat', model: 'gpt-4', request: { messages } }, 4096);
    expect(size).toBeGreaterThan(4096);
    expect(size).toBeLessThan(10_000);
  });
});
