import { describe, expect, it } from 'vitest';
import { type CountTask, runCountTask } from './count-tokens-task.js';
import { slimCountTask } from './slim-count-task.js';

const image = `data:image/png;base64,${'A'.repeat(50_000)}`;
const chat = (request: Record<string, unknown>): CountTask => ({ kind: 'chat', model: 'gpt-4o', request });

const REQUESTS: Record<string, unknown>[] = [
  { messages: [{ role: 'user', content: 'hello world' }] },
  {
    model: 'gpt-4o',
    stream: true,
    temperature: 0.2,
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      {
        role: 'user',
        name: 'alice',
        content: [
          { type: 'text', text: 'What is in these?' },
          { type: 'image_url', image_url: { url: image, detail: 'low' } },
          { type: 'image_url', image_url: { url: image } },
          { type: 'image_url', image_url: image },
          { type: 'input_audio', input_audio: { data: image, format: 'wav' } },
          { type: 'file', file: { file_data: image } },
          { type: 'video_url', video_url: { url: 'https://example.com/v.mp4' } },
          { type: 'refusal', refusal: 'no' },
          null,
          'loose string',
        ],
      },
      { role: 'assistant', name: 'bot', content: null, tool_calls: [{ id: 'c1', function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '{"ok":true}' },
      { role: 'user', name: 'bob', content: [] },
      42,
    ],
    tools: [
      { type: 'function', function: { name: 'get_weather', description: 'Get the weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } },
      { type: 'function', function: { name: 'noop' } },
      { type: 'function' },
      null,
    ],
  },
  { messages: 'not an array', tools: { not: 'an array' } },
  {},
];

describe('slimCountTask', () => {
  it.each(REQUESTS.map((r, i) => [i, r] as const))('request %i counts the same slimmed', (_i, request) => {
    expect(runCountTask(slimCountTask(chat(request)))).toBe(runCountTask(chat(request)));
  });

  it('drops image, audio and file payloads', () => {
    const slim = JSON.stringify(slimCountTask(chat(REQUESTS[1] as Record<string, unknown>)));
    expect(slim).not.toContain('AAAA');
    expect(slim.length).toBeLessThan(1000);
  });

  it('leaves other kinds untouched', () => {
    const task: CountTask = { kind: 'text', model: 'gpt-4', text: 'hello' };
    expect(slimCountTask(task)).toBe(task);
  });
});
