import { describe, expect, it } from 'vitest';
import { countChatPromptTokens } from './count-chat-prompt.js';

// The OpenAI cookbook's "How to count tokens with tiktoken" example; its published counts are
// 127 (gpt-3.5-turbo-0301), 129 (gpt-3.5-turbo-0613, gpt-4) and 124 (gpt-4o, gpt-4o-mini).
const COOKBOOK = [
  { role: 'system', content: 'You are a helpful, pattern-following assistant that translates corporate jargon into plain English.' },
  { role: 'system', name: 'example_user', content: 'New synergies will help drive top-line growth.' },
  { role: 'system', name: 'example_assistant', content: 'Things working well together will increase revenue.' },
  { role: 'system', name: 'example_user', content: "Let's circle back when we have more time to touch base on opportunities for increased leverage." },
  { role: 'system', name: 'example_assistant', content: "Let's talk later when we're less busy about how to do better." },
  { role: 'user', content: "This late pivot means we don't have time to boil the ocean for the client deliverable." },
];

const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Get the current weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};
const searchTool = { type: 'function', function: { name: 'search', description: 'Search the web', parameters: { type: 'object' } } };

// Token counts of the pieces (cl100k = gpt-4): "user" 1, "system" 1, "assistant" 1, "alice" 1, "hello world" 2,
// "You are a helpful assistant." 6, "What is the weather in Paris?" 7, weather tool text 24, search tool text 9.
describe('countChatPromptTokens', () => {
  it.each([
    ['gpt-3.5-turbo-0301', 127],
    ['gpt-3.5-turbo-0613', 129],
    ['gpt-4', 129],
    ['gpt-4o', 124],
    ['gpt-4o-mini', 124],
  ])('matches the cookbook for %s (%i)', (model, tokens) => {
    expect(countChatPromptTokens({ messages: COOKBOOK }, model)).toBe(tokens);
  });

  it.each<[string, Record<string, unknown>, number]>([
    ['one user message', { messages: [{ role: 'user', content: 'hello world' }] }, 3 + 1 + 2 + 3],
    [
      'system and user',
      { messages: [{ role: 'system', content: 'You are a helpful assistant.' }, { role: 'user', content: 'What is the weather in Paris?' }] },
      3 + 1 + 6 + 3 + 1 + 7 + 3,
    ],
    ['a name beside content', { messages: [{ role: 'user', name: 'alice', content: 'hello world' }] }, 3 + 1 + 2 + 1 + 1 + 3],
    ['a name beside empty content is not counted', { messages: [{ role: 'user', name: 'alice', content: '' }] }, 3 + 1 + 3],
    ['a name beside null content is not counted', { messages: [{ role: 'assistant', name: 'alice', content: null }] }, 3 + 1 + 3],
    ['a name beside empty parts is not counted', { messages: [{ role: 'user', name: 'alice', content: [] }] }, 3 + 1 + 3],
    [
      'text parts',
      { messages: [{ role: 'user', content: [{ type: 'text', text: 'hello world' }, { type: 'text', text: 'What is the weather in Paris?' }] }] },
      3 + 1 + 2 + 7 + 3,
    ],
    [
      'image parts: low detail 85, otherwise 255',
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'low' } },
              { type: 'image_url', image_url: { url: 'https://example.com/b.png', detail: 'high' } },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
              { type: 'image_url', image_url: 'https://example.com/c.png' },
            ],
          },
        ],
      },
      3 + 1 + 85 + 255 + 255 + 255 + 3,
    ],
    [
      'audio +100, file and video +5000',
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'input_audio', input_audio: { data: 'AAAA', format: 'wav' } },
              { type: 'file', file: { file_id: 'file-1' } },
              { type: 'video_url', video_url: { url: 'https://example.com/v.mp4' } },
            ],
          },
        ],
      },
      3 + 1 + 100 + 5000 + 5000 + 3,
    ],
    ['one tool', { messages: [{ role: 'user', content: 'hello world' }], tools: [weatherTool] }, 3 + 1 + 2 + 3 + 8 + 24],
    [
      'every tool is counted, not only the last',
      { messages: [{ role: 'user', content: 'hello world' }], tools: [weatherTool, searchTool] },
      3 + 1 + 2 + 3 + 8 + 24 + 8 + 9,
    ],
    ['a tool without description or parameters', { tools: [{ type: 'function', function: { name: 'get_weather' } }] }, 3 + 8 + 2],
    ['no messages', {}, 3],
  ])('%s', (_label, request, tokens) => {
    expect(countChatPromptTokens(request, 'gpt-4')).toBe(tokens);
  });

  it.each<[string, Record<string, unknown>, number]>([
    ['messages not an array', { messages: 'hello world' }, 3],
    ['messages an object', { messages: { role: 'user', content: 'hello world' } }, 3],
    ['message entries that are not objects', { messages: [null, 42, 'hi', ['x']] }, 3],
    ['numeric content and role', { messages: [{ role: 7, content: 12345 }] }, 3 + 3],
    ['parts that are not objects', { messages: [{ role: 'user', content: [null, 'hello', 3, { type: 'text', text: 5 }] }] }, 3 + 1 + 3],
    ['an unknown part type', { messages: [{ role: 'user', content: [{ type: 'refusal', refusal: 'no' }] }] }, 3 + 1 + 3],
    ['a numeric name', { messages: [{ role: 'user', name: 3, content: 'hello world' }] }, 3 + 1 + 2 + 3],
    ['tools not an array', { tools: { function: { name: 'x' } } }, 3],
    ['tool entries without a function', { tools: [null, 1, { type: 'function' }, { function: 'get_weather' }] }, 3],
    ['tool fields of the wrong type', { tools: [{ function: { name: 5, description: null, parameters: null } }] }, 3 + 8],
  ])('never throws on %s', (_label, request, tokens) => {
    expect(countChatPromptTokens(request, 'gpt-4')).toBe(tokens);
  });

  it('counts with the model encoding', () => {
    const request = { messages: [{ role: 'user', content: '你好，世界' }] };
    expect(countChatPromptTokens(request, 'gpt-4')).toBe(3 + 1 + 6 + 3);
    expect(countChatPromptTokens(request, 'gpt-4o')).toBe(3 + 1 + 3 + 3);
  });
});
