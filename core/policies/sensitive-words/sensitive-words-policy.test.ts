import { describe, expect, it } from 'vitest';
import { optionsWith } from '../options-with.js';
import { SensitiveWordsPolicy } from './sensitive-words-policy.js';

function setup(values: Record<string, string> = {}) {
  const options = optionsWith(values);
  return { options, policy: new SensitiveWordsPolicy(options) };
}

const chat = (text: string) => ({ model: 'gpt-4o', messages: [{ role: 'user', content: text }] });
const refusal = (words: string[]) => ({ status: 400, code: 'sensitive_words_detected', message: 'sensitive words detected', words });

describe('SensitiveWordsPolicy.checkPrompt', () => {
  it.each([
    ['refuses the default word with new-api error', {}, 'please test_sensitive', refusal(['test_sensitive'])],
    ['passes clean text', {}, 'hello', null],
    ['off when CheckSensitiveEnabled is false', { CheckSensitiveEnabled: 'false' }, 'test_sensitive', null],
    ['off when CheckSensitiveOnPromptEnabled is false', { CheckSensitiveOnPromptEnabled: 'false' }, 'test_sensitive', null],
    ['an empty list refuses nothing', { SensitiveWords: '' }, 'test_sensitive', null],
    ['CJK and case-insensitive', { SensitiveWords: '违禁词\nForbidden' }, 'FORBIDDEN 违禁词', refusal(['Forbidden', '违禁词'])],
  ])('%s', (_name, values, text, expected) => {
    expect(setup(values).policy.checkPrompt('chat', chat(text))).toEqual(expected);
  });

  it('checks the other formats too', () => {
    const { policy } = setup();
    expect(policy.checkPrompt('claude', { messages: [{ role: 'user', content: [{ type: 'text', text: 'TEST_SENSITIVE' }] }] })).toEqual(refusal(['test_sensitive']));
    expect(policy.checkPrompt('gemini', { contents: [{ parts: [{ text: 'x test_sensitive' }] }] })).toEqual(refusal(['test_sensitive']));
    expect(policy.checkPrompt('responses', { input: 'test_sensitive' })).toEqual(refusal(['test_sensitive']));
  });

  it('follows a change of the list', () => {
    const { options, policy } = setup();
    expect(policy.checkPrompt('chat', chat('new word'))).toBeNull();
    options.apply('SensitiveWords', 'new word');
    expect(policy.checkPrompt('chat', chat('a NEW WORD'))).toEqual(refusal(['new word']));
    expect(policy.checkPrompt('chat', chat('test_sensitive'))).toBeNull();
  });
});

describe('SensitiveWordsPolicy.completionGuard', () => {
  it.each([
    ['off by default (CheckSensitiveOnCompletionEnabled false)', {}, false],
    ['on when enabled', { CheckSensitiveOnCompletionEnabled: 'true' }, true],
    ['off with CheckSensitiveEnabled false', { CheckSensitiveOnCompletionEnabled: 'true', CheckSensitiveEnabled: 'false' }, false],
    ['off with an empty list', { CheckSensitiveOnCompletionEnabled: 'true', SensitiveWords: '' }, false],
  ])('%s', (_name, values, enabled) => {
    expect(setup(values).policy.completionGuard() !== null).toBe(enabled);
  });

  it('honours StopOnSensitiveEnabled', () => {
    const stopping = setup({ CheckSensitiveOnCompletionEnabled: 'true' }).policy.completionGuard()!;
    expect(stopping.push('test_sensitive')).toEqual({ text: '**###**', words: ['test_sensitive'], stop: true });
    const masking = setup({ CheckSensitiveOnCompletionEnabled: 'true', StopOnSensitiveEnabled: 'false' }).policy.completionGuard()!;
    expect(masking.push('test_sensitive')).toEqual({ text: '**###**', words: ['test_sensitive'], stop: false });
  });
});
