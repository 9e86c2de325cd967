// Test-side helpers for talking to a mock upstream: request builders, an SSE
// payload splitter and a wait for the request log. Used by the bench tests.
import type { MockRecord, MockUpstream } from '../mock-upstream.js';

export const DEFAULT_USAGE = { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 };

/** The parts of an OpenAI stream chunk the tests look at. */
export interface Chunk {
  object?: string;
  choices: { delta: { role?: string; content?: string }; finish_reason: string | null }[];
  usage?: Record<string, unknown> | null;
  error?: { message: string; code: string };
}

export function mockClient(mock: Pick<MockUpstream, 'url' | 'requests'>) {
  const post = (path: string, body: unknown, key = 'mock-ok', init: RequestInit = {}): Promise<Response> =>
    fetch(mock.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
      ...init,
    });
  const chat = (body: Record<string, unknown> = {}, key?: string) =>
    post('/v1/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body }, key);
  /** Polls the log: aborts and resets reach the server a moment after the client acts. */
  const waitForRecord = async (predicate: (r: MockRecord) => boolean): Promise<MockRecord> => {
    for (let i = 0; i < 100; i++) {
      const found = mock.requests().find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no matching record');
  };
  return { post, chat, waitForRecord };
}

/** SSE payloads in order: parsed JSON, or the raw string for [DONE]. */
export function ssePayloads(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => frame.slice('data: '.length))
    .map((data) => (data === '[DONE]' ? data : (JSON.parse(data) as unknown)));
}

/** Reads until `count` SSE frames have arrived and hands back the reader for the rest. */
export async function readFrames(
  response: Response,
  count: number,
): Promise<{ text: string; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (text.split('\n\n').length - 1 < count) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended after ${text}`);
    text += decoder.decode(value, { stream: true });
  }
  return { text, reader };
}

export const CLAUDE_HEADERS = { 'content-type': 'application/json', 'x-api-key': 'mock-ok', 'anthropic-version': '2023-06-01' };

/** One Anthropic SSE event: its `event:` name and parsed `data:`. */
export interface ClaudeStreamEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Anthropic SSE events in order. */
export function claudeEvents(text: string): ClaudeStreamEvent[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('event: '))
    .map((frame) => {
      const [eventLine, dataLine] = frame.split('\n');
      return { event: eventLine!.slice('event: '.length), data: JSON.parse(dataLine!.slice('data: '.length)) as Record<string, unknown> };
    });
}

export function claudeClient(mock: Pick<MockUpstream, 'url'>) {
  const messages = (body: Record<string, unknown> = {}, headers: Record<string, string> = {}, path = '/v1/messages'): Promise<Response> =>
    fetch(mock.url + path, {
      method: 'POST',
      headers: { ...CLAUDE_HEADERS, ...headers },
      body: JSON.stringify({ model: 'claude-sonnet-4-20250514', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }], ...body }),
    });
  return { messages };
}

/** Gemini SSE payloads (CRLF framing) in order. */
export function geminiSsePayloads(text: string): Record<string, unknown>[] {
  return text
    .split('\r\n\r\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice('data: '.length)) as Record<string, unknown>);
}

export function geminiClient(mock: Pick<MockUpstream, 'url'>) {
  /** POST /v1beta/models/{model}:{method}; the key goes in x-goog-api-key unless `key: null` (none) or `inQuery`. */
  const call = (
    model: string,
    method: string,
    body: Record<string, unknown> = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    opts: { key?: string | null; inQuery?: boolean; query?: string } = {},
  ): Promise<Response> => {
    const key = opts.key === undefined ? 'mock-ok' : opts.key;
    const params = new URLSearchParams(opts.query ?? '');
    if (key !== null && opts.inQuery) params.set('key', key);
    const query = params.toString();
    return fetch(`${mock.url}/v1beta/models/${model}:${method}${query ? `?${query}` : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key !== null && !opts.inQuery ? { 'x-goog-api-key': key } : {}) },
      body: JSON.stringify(body),
    });
  };
  return { call };
}
