import { describe, expect, it } from 'vitest';
import { type PromptFormat, promptTexts } from './prompt-texts.js';

const image = { type: 'image_url', image_url: { url: 'https://x/test_sensitive.png' } };

describe('promptTexts', () => {
  it.each<[string, PromptFormat, unknown, string[]]>([
    [
      'chat: string content and text parts, images skipped',
      'chat',
      { messages: [{ role: 'system', content: 'sys' }, { role: 'user', content: [{ type: 'text', text: 'hi' }, image] }, { role: 'assistant', content: null }] },
      ['sys', 'hi'],
    ],
    ['completions: a string prompt', 'completions', { prompt: 'once upon' }, ['once upon']],
    ['completions: a string array, token ids skipped', 'completions', { prompt: ['a', 'b', [1, 2]] }, ['a', 'b']],
    ['embeddings: input', 'embeddings', { input: ['x', 'y'] }, ['x', 'y']],
    [
      'claude: system blocks, string and block messages, tool results',
      'claude',
      {
        system: [{ type: 'text', text: 'be nice' }],
        messages: [
          { role: 'user', content: 'plain' },
          { role: 'assistant', content: [{ type: 'text', text: 'block' }, { type: 'tool_use', id: 't', name: 'n', input: { q: 'not text' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'result' }] }, { type: 'tool_result', tool_use_id: 'u', content: 'flat' }] },
        ],
      },
      ['be nice', 'plain', 'block', 'result', 'flat'],
    ],
    ['claude: a string system', 'claude', { system: 'sys', messages: [] }, ['sys']],
    [
      'gemini: system instruction and content parts, inline data skipped',
      'gemini',
      { systemInstruction: { parts: [{ text: 'sys' }] }, contents: [{ role: 'user', parts: [{ text: 'hello' }, { inlineData: { mimeType: 'image/png', data: 'AA' } }] }] },
      ['sys', 'hello'],
    ],
    ['responses: instructions and a string input', 'responses', { instructions: 'rules', input: 'question' }, ['rules', 'question']],
    [
      'responses: message items, typed parts, function outputs; calls skipped',
      'responses',
      {
        input: [
          { role: 'user', content: 'plain' },
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'part' }, { type: 'input_image', image_url: 'u' }] },
          { type: 'function_call', call_id: 'c', name: 'n', arguments: '{"a":"args"}' },
          { type: 'function_call_output', call_id: 'c', output: 'out' },
        ],
      },
      ['plain', 'part', 'out'],
    ],
    ['image: the prompt', 'image', { model: 'dall-e-3', prompt: 'a cat', size: '1024x1024' }, ['a cat']],
    ['image: no prompt', 'image', { model: 'dall-e-3', prompt: 7 }, []],
    ['speech: the input', 'speech', { model: 'tts-1', input: 'say this', voice: 'alloy' }, ['say this']],
    ['moderation: a string input', 'moderation', { input: 'check me' }, ['check me']],
    [
      'moderation: strings and multimodal text parts, images skipped',
      'moderation',
      { input: ['one', { type: 'text', text: 'two' }, { type: 'image_url', image_url: { url: 'https://x/i.png' } }] },
      ['one', 'two'],
    ],
    ['a body that is not an object', 'chat', 'nope', []],
    ['fields of the wrong shape are not text', 'chat', { messages: 'nope' }, []],
  ])('%s', (_name, format, body, expected) => {
    expect(promptTexts(format, body)).toEqual(expected);
  });
});
