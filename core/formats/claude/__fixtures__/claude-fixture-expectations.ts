import type { RelayFailure } from '../../format-contracts.js';
import type { OpenAiUsage } from '../../openai/chat-types.js';
import type { ChatStreamSummary } from './read-chat-chunks.js';

/** The tool arguments both 50-fragment fixtures carry (multi-byte characters, escapes, nesting). */
export const WEATHER_ARGUMENTS = JSON.stringify({
  location: '東京都渋谷区 (Shibuya)',
  unit: 'celsius',
  days: [1, 2, 3],
  note: 'naïve café — “quoted” \\ back',
  nested: { ok: true, list: ['α', 'β', 'γ'] },
});

interface ClaudeFixtureCase extends ChatStreamSummary {
  file: string;
  /** in OpenAI semantics: prompt_tokens includes cache reads and writes */
  usage: OpenAiUsage | null;
  failure: RelayFailure | null;
}

const usage = (input: number, output: number, read = 0, write = 0): OpenAiUsage => ({
  prompt_tokens: input + read + write,
  completion_tokens: output,
  total_tokens: input + read + write + output,
  prompt_tokens_details: { cached_tokens: read, cached_creation_tokens: write },
});

const none = { content: '', reasoning: '', tools: [], failure: null };

/** What each recorded Anthropic stream says, as an OpenAI client would assemble it. */
export const CLAUDE_FIXTURES: ClaudeFixtureCase[] = [
  { ...none, file: 'claude-plain-text.sse', content: '你好，世界 🌍! Ça va?', finish: 'stop', usage: usage(21, 12) },
  {
    ...none,
    file: 'claude-tool-call-50-deltas.sse',
    content: "I'll look that up.",
    tools: [{ id: 'toolu_01Weather', name: 'get_weather', arguments: WEATHER_ARGUMENTS }],
    finish: 'tool_calls',
    usage: usage(30, 87, 1000, 200),
  },
  { ...none, file: 'claude-thinking-signature.sse', reasoning: 'Let me add: 2 + 2 … 答案是 4。', content: '2 + 2 = 4.', finish: 'stop', usage: usage(40, 40) },
  { ...none, file: 'claude-no-usage.sse', content: 'Cut off mid-sentence', finish: 'max_tokens', usage: null },
  {
    ...none,
    file: 'claude-error-mid-stream.sse',
    content: 'Partial ans',
    finish: undefined,
    usage: null,
    failure: { status: 529, message: 'Overloaded', type: 'overloaded_error', code: 'overloaded_error' },
  },
  { ...none, file: 'claude-unknown-event.sse', content: 'Sunny.', finish: 'stop', usage: usage(50, 9) },
  { ...none, file: 'claude-empty-delta.sse', content: 'Hi', tools: [{ id: 'toolu_01Empty', name: 'noop', arguments: '' }], finish: 'tool_calls', usage: usage(10, 3) },
];

export const fixtureUrl = (file: string) => new URL(`./${file}`, import.meta.url);
