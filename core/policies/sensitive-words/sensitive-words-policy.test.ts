import { describe, expect, it } from 'vitest';
import { optionsWith } from '../options-with.js';
import { SensitiveMatcher } from './sensitive-matcher.js';
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
    expect(policy.checkPrompt('image', { model: 'dall-e-3', prompt: 'a test_sensitive cat' })).toEqual(refusal(['test_sensitive']));
    expect(policy.checkPrompt('speech', { model: 'tts-1', input: 'Test_Sensitive' })).toEqual(refusal(['test_sensitive']));
    expect(policy.checkPrompt('moderation', { input: ['fine', 'test_sensitive'] })).toEqual(refusal(['test_sensitive']));
    expect(policy.checkPrompt('image', { prompt: 'a cat' })).toBeNull();
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

describe('SensitiveWordsPolicy rebuilds a long list off the event loop', () => {
  /** An off-thread builder the test finishes by hand, so "still building" is a state, not a moment. */
  function manualBuilder() {
    const started: Array<{ list: string; finish: () => void; fail: (e: Error) => void }> = [];
    const build = (list: string) =>
      new Promise<SensitiveMatcher>((resolve, reject) => {
        started.push({ list, finish: () => resolve(new SensitiveMatcher(list)), fail: reject });
      });
    return { started, build };
  }
  const setupLong = (values: Record<string, string> = {}) => {
    const builder = manualBuilder();
    const errors: unknown[] = [];
    const options = optionsWith(values);
    // Every list counts as long here except the default one, so the default serves first.
    const policy = new SensitiveWordsPolicy(options, { buildOffThread: builder.build, inlineBelowChars: 15, onBuildError: (e) => errors.push(e) });
    return { options, policy, builder, errors };
  };
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  it('keeps the previous list serving until the new matcher is ready, then switches', async () => {
    const { options, policy, builder } = setupLong();
    expect(policy.checkPrompt('chat', chat('test_sensitive'))).toEqual(refusal(['test_sensitive']));
    options.apply('SensitiveWords', 'first long word\nsecond long word');
    expect(policy.checkPrompt('chat', chat('test_sensitive'))).toEqual(refusal(['test_sensitive']));
    expect(policy.checkPrompt('chat', chat('first long word'))).toBeNull();
    expect(builder.started.map((b) => b.list)).toEqual(['first long word\nsecond long word']);
    builder.started[0]!.finish();
    await flush();
    expect(policy.checkPrompt('chat', chat('test_sensitive'))).toBeNull();
    expect(policy.checkPrompt('chat', chat('a SECOND long word'))).toEqual(refusal(['second long word']));
    expect(builder.started).toHaveLength(1);
  });

  it('runs one build at a time and ends on the latest list after several changes', async () => {
    const { options, policy, builder } = setupLong();
    policy.checkPrompt('chat', chat('x'));
    options.apply('SensitiveWords', 'the list number one');
    policy.checkPrompt('chat', chat('x'));
    options.apply('SensitiveWords', 'the list number two');
    policy.checkPrompt('chat', chat('x'));
    expect(builder.started).toHaveLength(1);
    const ready = policy.ready();
    builder.started[0]!.finish();
    await flush();
    // The first build landed (newer than the default), and ready() started the one for the latest list.
    expect(policy.checkPrompt('chat', chat('the list number one'))).toEqual(refusal(['the list number one']));
    expect(builder.started.map((b) => b.list)).toEqual(['the list number one', 'the list number two']);
    builder.started[1]!.finish();
    await ready;
    expect(policy.checkPrompt('chat', chat('the list number one'))).toBeNull();
    expect(policy.checkPrompt('chat', chat('the list number two'))).toEqual(refusal(['the list number two']));
  });

  it('ready() builds the first list off the loop, so no check has to build it inline', async () => {
    const { policy, builder } = setupLong({ SensitiveWords: 'a list long enough' });
    const ready = policy.ready();
    expect(builder.started.map((b) => b.list)).toEqual(['a list long enough']);
    builder.started[0]!.finish();
    await ready;
    expect(policy.checkPrompt('chat', chat('A LIST LONG ENOUGH'))).toEqual(refusal(['a list long enough']));
    expect(builder.started).toHaveLength(1);
  });

  it('with nothing to serve yet, a check builds the first list inline rather than let words through', () => {
    const { policy, builder } = setupLong({ SensitiveWords: 'a list long enough' });
    expect(policy.checkPrompt('chat', chat('a list long enough'))).toEqual(refusal(['a list long enough']));
    expect(builder.started).toHaveLength(0);
  });

  it('a short list is compiled at once, without a thread', async () => {
    const { options, policy, builder } = setupLong();
    policy.checkPrompt('chat', chat('x'));
    options.apply('SensitiveWords', 'short');
    expect(policy.checkPrompt('chat', chat('short'))).toEqual(refusal(['short']));
    await policy.ready();
    expect(builder.started).toHaveLength(0);
  });

  it('a failed thread is reported and the list compiled inline, so it still takes effect', async () => {
    const { options, policy, builder, errors } = setupLong();
    policy.checkPrompt('chat', chat('x'));
    options.apply('SensitiveWords', 'the new long list');
    const ready = policy.ready();
    builder.started[0]!.fail(new Error('thread died'));
    await ready;
    expect(errors).toEqual([new Error('thread died')]);
    expect(policy.checkPrompt('chat', chat('the new long list'))).toEqual(refusal(['the new long list']));
  });

  it('builds in a real worker thread by default', async () => {
    const { options, policy } = setup();
    policy.checkPrompt('chat', chat('x'));
    options.apply('SensitiveWords', Array.from({ length: 2000 }, (_, i) => `<word${i}>`).join('\n'));
    expect(policy.checkPrompt('chat', chat('<word1999>'))).toBeNull();
    await policy.ready();
    expect(policy.checkPrompt('chat', chat('<word1999>'))).toEqual(refusal(['<word1999>']));
  });
});
