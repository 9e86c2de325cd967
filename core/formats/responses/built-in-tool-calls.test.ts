import { describe, expect, it } from 'vitest';
import { countBuiltInToolCalls } from './built-in-tool-calls.js';

describe('countBuiltInToolCalls', () => {
  const web = { type: 'web_search_call', id: 'ws_1', status: 'completed' };
  const file = { type: 'file_search_call', id: 'fs_1', status: 'completed' };
  const message = { type: 'message', content: [] };
  it.each([
    ['two web searches around a message', [web, message, web], { webSearch: 2, fileSearch: 0 }],
    ['web and file searches', [file, web, file, file], { webSearch: 1, fileSearch: 3 }],
    ['no built-in calls', [message, { type: 'function_call', name: 'web_search_call' }], { webSearch: 0, fileSearch: 0 }],
    ['junk items', [null, 3, 'web_search_call', [web], { type: ['web_search_call'] }], { webSearch: 0, fileSearch: 0 }],
    ['an output that is not a list', { type: 'web_search_call' }, { webSearch: 0, fileSearch: 0 }],
    ['no output', undefined, { webSearch: 0, fileSearch: 0 }],
  ])('%s', (_name, output, expected) => {
    expect(countBuiltInToolCalls(output)).toEqual(expected);
  });
});
