import { describe, expect, it } from 'vitest';
import { claudeStopToFinish, finishToClaudeStop } from './claude-stop-reason.js';

describe('claudeStopToFinish', () => {
  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['tool_use', 'tool_calls'],
    ['max_tokens', 'max_tokens'],
    ['model_context_window_exceeded', 'max_tokens'],
    ['refusal', 'content_filter'],
    ['pause_turn', 'stop'],
    ['a_reason_from_the_future', 'stop'],
    [null, null],
    [undefined, null],
    ['', null],
  ] as const)('%s → %s', (stop, finish) => {
    expect(claudeStopToFinish(stop)).toBe(finish);
  });
});

describe('finishToClaudeStop', () => {
  it.each([
    ['stop', 'end_turn'],
    ['length', 'max_tokens'],
    ['max_tokens', 'max_tokens'],
    ['tool_calls', 'tool_use'],
    ['function_call', 'tool_use'],
    ['content_filter', 'refusal'],
    [null, 'end_turn'],
    [undefined, 'end_turn'],
    ['eos', 'end_turn'],
  ] as const)('%s → %s', (finish, stop) => {
    expect(finishToClaudeStop(finish)).toBe(stop);
  });
});
