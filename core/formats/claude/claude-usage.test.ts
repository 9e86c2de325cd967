import { describe, expect, it } from 'vitest';
import type { OpenAiUsage } from '../openai/chat-types.js';
import { claudeUsageToOpenAi, claudeWebSearchRequests, openAiUsageToClaude, type ClaudeUsageOut } from './claude-usage.js';

const claude = (input: number, output: number, read: number, write: number): ClaudeUsageOut => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_input_tokens: read,
  cache_creation_input_tokens: write,
});
const openai = (prompt: number, completion: number, cached: number, creation: number): OpenAiUsage => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
  prompt_tokens_details: { cached_tokens: cached, cached_creation_tokens: creation },
});

// Claude's input_tokens leaves cache reads and writes out; OpenAI's prompt_tokens counts them in.
const pairs: Array<[string, ClaudeUsageOut, OpenAiUsage]> = [
  ['no cache', claude(21, 12, 0, 0), openai(21, 12, 0, 0)],
  ['cache read', claude(30, 87, 1000, 0), openai(1030, 87, 1000, 0)],
  ['cache write', claude(4, 5, 0, 2048), openai(2052, 5, 0, 2048)],
  ['read and write', claude(30, 87, 1000, 200), openai(1230, 87, 1000, 200)],
  ['nothing', claude(0, 0, 0, 0), openai(0, 0, 0, 0)],
];

describe('claude usage ↔ OpenAI usage', () => {
  it.each(pairs)('%s: Claude → OpenAI', (_, c, o) => {
    expect(claudeUsageToOpenAi(c)).toEqual(o);
  });

  it.each(pairs)('%s: OpenAI → Claude', (_, c, o) => {
    expect(openAiUsageToClaude(o)).toEqual(c);
  });

  it('carries the writes made with a 1-hour TTL under new-api\'s key', () => {
    const u = claudeUsageToOpenAi({ ...claude(4, 5, 0, 300), cache_creation: { ephemeral_1h_input_tokens: 100 } });
    expect(u).toEqual({ ...openai(304, 5, 0, 300), claude_cache_creation_1_h_tokens: 100 });
  });

  it.each([
    ['missing and null counts read as zero', { input_tokens: 5, output_tokens: null }, openai(5, 0, 0, 0)],
    ['negative or fractional counts are not trusted', { input_tokens: -3, output_tokens: 2.7, cache_read_input_tokens: 10 }, openai(10, 2, 10, 0)],
  ])('%s', (_, u, expected) => {
    expect(claudeUsageToOpenAi(u)).toEqual(expected);
  });

  it('has no usage to give when the upstream gave none', () => {
    expect(claudeUsageToOpenAi(null)).toBeNull();
  });

  it.each([
    ['OpenAI cached tokens', { prompt_tokens: 40, completion_tokens: 1, prompt_tokens_details: { cached_tokens: 32 } }, claude(8, 1, 32, 0)],
    ["DeepSeek's cache hit field", { prompt_tokens: 40, completion_tokens: 1, prompt_cache_hit_tokens: 30 }, claude(10, 1, 30, 0)],
    ['a cached count above the prompt never goes negative', { prompt_tokens: 5, prompt_tokens_details: { cached_tokens: 9 } }, claude(0, 0, 9, 0)],
  ])('OpenAI → Claude reads %s', (_, u, expected) => {
    expect(openAiUsageToClaude(u)).toEqual(expected);
  });
});

describe('claudeWebSearchRequests', () => {
  it.each([
    ['no usage', undefined, null],
    ['usage without server_tool_use', { input_tokens: 5, output_tokens: 1 }, null],
    ['server_tool_use without the count', { server_tool_use: {} }, null],
    ['a null server_tool_use', { server_tool_use: null }, null],
    ['zero searches', { server_tool_use: { web_search_requests: 0 } }, 0],
    ['two searches', { input_tokens: 5, server_tool_use: { web_search_requests: 2 } }, 2],
    ['a count as a string', { server_tool_use: { web_search_requests: '2' } }, null],
    ['a negative count', { server_tool_use: { web_search_requests: -1 } }, null],
    ['a fractional count', { server_tool_use: { web_search_requests: 1.5 } }, null],
    ['a list in place of the object', { server_tool_use: [{ web_search_requests: 2 }] }, null],
    ['a usage that is not an object', 'usage', null],
  ])('%s', (_name, usage, expected) => {
    expect(claudeWebSearchRequests(usage)).toBe(expected);
  });
});
