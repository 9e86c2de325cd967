// OpenAI wire shapes the mock answers with. Pure: ids, model and clock come in
// through CompletionMeta so the output is deterministic for a given request.
import type { MockDirectives } from './mock-directives.js';

export type Usage = Record<string, unknown>;

export const DEFAULT_CONTENT = 'Hello from mock upstream.';
export const DEFAULT_CHUNKS = 5;
export const DEFAULT_PROMPT_TOKENS = 10;
export const DEFAULT_COMPLETION_TOKENS = 20;

export interface CompletionMeta {
  id: string;
  model: string;
  created: number;
  /** OpenAI puts `"usage": null` on every chunk once include_usage is asked for. */
  usageNullInChunks: boolean;
}

/** One completion endpoint's JSON, whole or as stream chunks. */
export interface CompletionShape {
  full(content: string, usage: Usage | null): Record<string, unknown>;
  chunk(piece: string, first: boolean): Record<string, unknown>;
  finish(): Record<string, unknown>;
  usageChunk(usage: Usage): Record<string, unknown>;
}

export function usageFor(d: MockDirectives, kind: 'completion' | 'embedding'): Usage | null {
  if (d.usage === false) return null;
  if (d.usage) return d.usage;
  const prompt = d.prompt_tokens ?? DEFAULT_PROMPT_TOKENS;
  const completion = kind === 'embedding' ? 0 : (d.completion_tokens ?? DEFAULT_COMPLETION_TOKENS);
  const usage: Usage =
    kind === 'embedding'
      ? { prompt_tokens: prompt, total_tokens: prompt }
      : { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  if (d.cached_tokens !== undefined) usage.prompt_tokens_details = { cached_tokens: d.cached_tokens };
  return usage;
}

/** Splits text into exactly `count` pieces (some empty when count exceeds its length). */
export function splitContent(text: string, count: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < count; i++) {
    pieces.push(text.slice(Math.floor((i * text.length) / count), Math.floor(((i + 1) * text.length) / count)));
  }
  return pieces;
}

function withUsage(body: Record<string, unknown>, usage: Usage | null): Record<string, unknown> {
  return usage ? { ...body, usage } : body;
}

export function chatShape(meta: CompletionMeta): CompletionShape {
  const head = { id: meta.id, object: 'chat.completion.chunk', created: meta.created, model: meta.model };
  const tail = meta.usageNullInChunks ? { usage: null } : {};
  const choice = (delta: Record<string, unknown>, finish: string | null) => ({
    ...head,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...tail,
  });
  return {
    full: (content, usage) =>
      withUsage(
        {
          id: meta.id,
          object: 'chat.completion',
          created: meta.created,
          model: meta.model,
          choices: [
            { index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' },
          ],
        },
        usage,
      ),
    chunk: (piece, first) => choice(first ? { role: 'assistant', content: piece } : { content: piece }, null),
    finish: () => choice({}, 'stop'),
    usageChunk: (usage) => ({ ...head, choices: [], usage }),
  };
}

export function textShape(meta: CompletionMeta): CompletionShape {
  const head = { id: meta.id, object: 'text_completion', created: meta.created, model: meta.model };
  const tail = meta.usageNullInChunks ? { usage: null } : {};
  const choice = (text: string, finish: string | null) => ({
    ...head,
    choices: [{ index: 0, text, logprobs: null, finish_reason: finish }],
    ...tail,
  });
  return {
    full: (content, usage) => withUsage({ ...head, choices: [{ index: 0, text: content, logprobs: null, finish_reason: 'stop' }] }, usage),
    chunk: (piece) => choice(piece, null),
    finish: () => choice('', 'stop'),
    usageChunk: (usage) => ({ ...head, choices: [], usage }),
  };
}

export function embeddingList(model: string, inputCount: number, usage: Usage | null): Record<string, unknown> {
  const data = Array.from({ length: inputCount }, (_, index) => ({
    object: 'embedding',
    index,
    embedding: Array.from({ length: 8 }, (_, i) => Number(((index + 1) * (i + 1) * 0.01).toFixed(4))),
  }));
  return withUsage({ object: 'list', data, model }, usage);
}

export const MODEL_IDS = ['gpt-4o-mini', 'gpt-4o', 'gpt-3.5-turbo-instruct', 'text-embedding-3-small'];

export function modelList(created: number): Record<string, unknown> {
  return { object: 'list', data: MODEL_IDS.map((id) => ({ id, object: 'model', created, owned_by: 'mock' })) };
}

export function errorBody(message: string, code: string): Record<string, unknown> {
  return { error: { message, type: 'upstream_error', code } };
}
