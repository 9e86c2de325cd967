// OpenAI wire shapes the mock answers with. Pure: ids, model and clock come in
// through CompletionMeta so the output is deterministic for a given request.
import type { MockAnswer, MockAnswerCall } from './mock-answer.js';
import { DEFAULT_COMPLETION_TOKENS, DEFAULT_PROMPT_TOKENS, type MockDirectives } from './mock-directives.js';

export type Usage = Record<string, unknown>;

export interface CompletionMeta {
  id: string;
  model: string;
  created: number;
  /** OpenAI puts `"usage": null` on every chunk once include_usage is asked for. */
  usageNullInChunks: boolean;
}

/** One completion endpoint's JSON, whole or as stream chunks. */
export interface CompletionShape {
  full(answer: MockAnswer, finishReason: string, usage: Usage | null): Record<string, unknown>;
  /** The delta chunks of the answer, in order (the first carries the role). */
  deltas(answer: MockAnswer): Record<string, unknown>[];
  finish(finishReason: string): Record<string, unknown>;
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
  if (kind === 'completion' && d.reasoning_tokens !== undefined) usage.completion_tokens_details = { reasoning_tokens: d.reasoning_tokens };
  return usage;
}

/** The finish reason of an answer: the scripted one, else tool_calls when it calls functions, else stop. */
export function chatFinishReason(d: MockDirectives, answer: MockAnswer): string {
  return d.finish_reason ?? (answer.toolCalls.length > 0 ? 'tool_calls' : 'stop');
}

function withUsage(body: Record<string, unknown>, usage: Usage | null): Record<string, unknown> {
  return usage ? { ...body, usage } : body;
}

const toolCall = (call: MockAnswerCall) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } });

/** The deltas of an answer: reasoning pieces, content pieces, then per call its head and argument pieces. */
function chatDeltas(answer: MockAnswer): Record<string, unknown>[] {
  const deltas: Record<string, unknown>[] = [
    ...answer.thinkingPieces.map((piece) => ({ reasoning_content: piece })),
    ...answer.textPieces.map((piece) => ({ content: piece })),
  ];
  answer.toolCalls.forEach((call, index) => {
    deltas.push({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] });
    for (const piece of call.argumentPieces) deltas.push({ tool_calls: [{ index, function: { arguments: piece } }] });
  });
  if (deltas[0]) deltas[0] = { role: 'assistant', ...deltas[0] };
  return deltas;
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
    full: (answer, finishReason, usage) => {
      const message: Record<string, unknown> = { role: 'assistant', content: answer.text };
      if (answer.thinking !== null) message.reasoning_content = answer.thinking;
      if (answer.toolCalls.length > 0) message.tool_calls = answer.toolCalls.map(toolCall);
      return withUsage(
        {
          id: meta.id,
          object: 'chat.completion',
          created: meta.created,
          model: meta.model,
          choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
        },
        usage,
      );
    },
    deltas: (answer) => chatDeltas(answer).map((delta) => choice(delta, null)),
    finish: (finishReason) => choice({}, finishReason),
    usageChunk: (usage) => ({ ...head, choices: [], usage }),
  };
}

/** /v1/completions has text only: reasoning and function calls are not part of its wire format. */
export function textShape(meta: CompletionMeta): CompletionShape {
  const head = { id: meta.id, object: 'text_completion', created: meta.created, model: meta.model };
  const tail = meta.usageNullInChunks ? { usage: null } : {};
  const choice = (text: string, finish: string | null) => ({
    ...head,
    choices: [{ index: 0, text, logprobs: null, finish_reason: finish }],
    ...tail,
  });
  return {
    full: (answer, finishReason, usage) =>
      withUsage({ ...head, choices: [{ index: 0, text: answer.text ?? '', logprobs: null, finish_reason: finishReason }] }, usage),
    deltas: (answer) => answer.textPieces.map((piece) => choice(piece, null)),
    finish: (finishReason) => choice('', finishReason),
    usageChunk: (usage) => ({ ...head, choices: [], usage }),
  };
}

/** An 8-float vector whose value i for input n is (n + 1)(i + 1) / 100: deterministic and distinct per input. */
export function embeddingVector(index: number): number[] {
  return Array.from({ length: 8 }, (_, i) => Number(((index + 1) * (i + 1) * 0.01).toFixed(4)));
}

export function embeddingList(model: string, inputCount: number, usage: Usage | null): Record<string, unknown> {
  const data = Array.from({ length: inputCount }, (_, index) => ({ object: 'embedding', index, embedding: embeddingVector(index) }));
  return withUsage({ object: 'list', data, model }, usage);
}

export const MODEL_IDS = ['gpt-4o-mini', 'gpt-4o', 'gpt-3.5-turbo-instruct', 'text-embedding-3-small'];

export function modelList(created: number): Record<string, unknown> {
  return { object: 'list', data: MODEL_IDS.map((id) => ({ id, object: 'model', created, owned_by: 'mock' })) };
}

export function errorBody(message: string, code: string): Record<string, unknown> {
  return { error: { message, type: 'upstream_error', code } };
}
