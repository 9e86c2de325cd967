import { describe, expect, it } from 'vitest';
import { chatReducer, historyForRequest, type PlaygroundMessage } from './chat-state';

const run = (...actions: Parameters<typeof chatReducer>[1][]) => actions.reduce(chatReducer, [] as PlaygroundMessage[]);

describe('playground message states', () => {
  it('goes loading → incomplete → complete', () => {
    let state = run({ type: 'send', text: 'hi', id: 1 });
    expect(state.map((m) => [m.role, m.status])).toEqual([['user', 'complete'], ['assistant', 'loading']]);
    state = chatReducer(state, { type: 'delta', text: 'Hel' });
    state = chatReducer(state, { type: 'delta', text: 'lo' });
    expect(state[1]).toMatchObject({ content: 'Hello', status: 'incomplete' });
    state = chatReducer(state, { type: 'done' });
    expect(state[1]!.status).toBe('complete');
  });
  it('an error appends its text and marks the message', () => {
    const state = run({ type: 'send', text: 'hi', id: 1 }, { type: 'delta', text: 'partial' }, { type: 'error', text: 'upstream failed' }, { type: 'done' });
    expect(state[1]).toMatchObject({ content: 'partial\n\nupstream failed', status: 'error' });
  });
  it('clear-context empties the conversation', () => expect(run({ type: 'send', text: 'hi', id: 1 }, { type: 'clear' })).toEqual([]));
  it('history has the system prompt and finished turns only', () => {
    const state = run({ type: 'send', text: 'one', id: 1 }, { type: 'delta', text: 'ok' }, { type: 'done' }, { type: 'send', text: 'two', id: 3 }, { type: 'error', text: 'x' });
    expect(historyForRequest(state, 'Be brief.')).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'two' },
    ]);
    expect(historyForRequest([], '  ')).toEqual([]);
  });
});
