import { describe, expect, it } from 'vitest';
import { type CountTask, runCountTask } from './count-tokens-task.js';

describe('runCountTask', () => {
  it.each<[CountTask, number]>([
    [{ kind: 'text', model: 'gpt-4', text: 'hello world' }, 2],
    [{ kind: 'text', model: 'gpt-4o', text: '你好，世界' }, 3],
    [{ kind: 'completion', model: 'gpt-4', text: 'hello world', toolCalls: 1 }, 2 + 7],
    [{ kind: 'prompt', model: 'text-embedding-ada-002', prompt: ['abc', 'defghi'] }, 2],
    [{ kind: 'prompt', model: 'text-embedding-ada-002', prompt: [[1, 2], [3]] }, 3],
    [{ kind: 'chat', model: 'gpt-4', request: { messages: [{ role: 'user', content: 'hello world' }] } }, 3 + 1 + 2 + 3],
  ])('%j → %i', (task, tokens) => {
    expect(runCountTask(task)).toBe(tokens);
  });

  it('throws on an unknown kind', () => {
    expect(() => runCountTask({ kind: 'audio', model: 'whisper-1' } as unknown as CountTask)).toThrow(
      'unknown token count task kind: audio',
    );
  });
});
