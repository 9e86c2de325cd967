// OpenAI Responses API shapes the mock answers /v1/responses with. Pure: ids, model and clock come in
// through ResponseMeta. Usage is OpenAI's Responses naming (input/output tokens, cached and reasoning
// details), taken from the same directives as the chat routes so a test can bill both alike.
import type { MockAnswer } from './mock-answer.js';
import type { Usage } from './openai-shapes.js';
import type { StreamFrame } from './plan-stream.js';

export interface ResponseMeta {
  id: string;
  model: string;
  createdAt: number;
}

/** Chat-style usage (what usageFor builds) in the Responses API's field names; null stays null. */
export function responsesUsage(usage: Usage | null): Usage | null {
  if (!usage) return null;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  const details = (v: unknown, key: string) => (typeof v === 'object' && v !== null ? num((v as Record<string, unknown>)[key]) : 0);
  const input = num(usage.prompt_tokens);
  const output = num(usage.completion_tokens);
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: details(usage.prompt_tokens_details, 'cached_tokens') },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: details(usage.completion_tokens_details, 'reasoning_tokens') },
    total_tokens: input + output,
  };
}

type Item = Record<string, unknown>;

/**
 * The output items of an answer as a finished response lists them: reasoning, built-in web and file search
 * calls, message, function calls.
 */
function outputItems(meta: ResponseMeta, answer: MockAnswer): Item[] {
  const items: Item[] = [];
  if (answer.thinking !== null) items.push({ type: 'reasoning', id: `rs_${meta.id}`, summary: [{ type: 'summary_text', text: answer.thinking }] });
  for (let i = 0; i < answer.webSearchCalls; i++) {
    items.push({ type: 'web_search_call', id: `ws_${meta.id}_${i}`, status: 'completed', action: { type: 'search', query: 'mock' } });
  }
  for (let i = 0; i < answer.fileSearchCalls; i++) {
    items.push({ type: 'file_search_call', id: `fs_${meta.id}_${i}`, status: 'completed', queries: ['mock'], results: null });
  }
  if (answer.text !== null) items.push(messageItem(meta, answer.text, 'completed'));
  answer.toolCalls.forEach((call, i) =>
    items.push({ type: 'function_call', id: `fc_${meta.id}_${i}`, call_id: call.id, name: call.name, arguments: JSON.stringify(call.arguments), status: 'completed' }),
  );
  return items;
}

function messageItem(meta: ResponseMeta, text: string | null, status: string): Item {
  const content = text === null ? [] : [{ type: 'output_text', text, annotations: [] }];
  return { type: 'message', id: `msg_${meta.id}`, status, role: 'assistant', content };
}

function responseObject(meta: ResponseMeta, status: string, output: Item[], usage: Usage | null): Item {
  return { id: meta.id, object: 'response', created_at: meta.createdAt, status, model: meta.model, output, usage, error: null, incomplete_details: null };
}

export function fullResponse(meta: ResponseMeta, answer: MockAnswer, usage: Usage | null): Item {
  return responseObject(meta, 'completed', outputItems(meta, answer), responsesUsage(usage));
}

/**
 * The stream of typed events OpenAI sends for a response: created, in_progress, then per output item its
 * added/delta/done events, then response.completed carrying the usage. Text deltas are the content frames
 * that the failure directives count.
 */
export function responseStreamFrames(meta: ResponseMeta, answer: MockAnswer, usage: Usage | null): StreamFrame[] {
  const frames: StreamFrame[] = [];
  let sequence = 0;
  const event = (type: string, payload: Item, content = false) =>
    frames.push({ text: `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...payload })}\n\n`, content });
  event('response.created', { response: responseObject(meta, 'in_progress', [], null) });
  event('response.in_progress', { response: responseObject(meta, 'in_progress', [], null) });
  outputItems(meta, answer).forEach((item, outputIndex) => {
    const at = { output_index: outputIndex };
    if (item.type === 'message') {
      event('response.output_item.added', { ...at, item: messageItem(meta, null, 'in_progress') });
      const part = { item_id: item.id, ...at, content_index: 0 };
      event('response.content_part.added', { ...part, part: { type: 'output_text', text: '', annotations: [] } });
      for (const delta of answer.textPieces) event('response.output_text.delta', { ...part, delta }, true);
      event('response.output_text.done', { ...part, text: answer.text });
      event('response.content_part.done', { ...part, part: { type: 'output_text', text: answer.text, annotations: [] } });
    } else if (item.type === 'function_call') {
      event('response.output_item.added', { ...at, item: { ...item, arguments: '', status: 'in_progress' } });
      const call = answer.toolCalls.find((c) => c.id === item.call_id)!;
      for (const delta of call.argumentPieces) event('response.function_call_arguments.delta', { item_id: item.id, ...at, delta }, true);
      event('response.function_call_arguments.done', { item_id: item.id, ...at, arguments: item.arguments });
    } else {
      event('response.output_item.added', { ...at, item });
    }
    event('response.output_item.done', { ...at, item });
  });
  event('response.completed', { response: fullResponse(meta, answer, usage) });
  return frames;
}

/** An `error` event as a Responses stream reports a failure after it has started. */
export function responseErrorFrame(error: Record<string, unknown>, sequence: number): string {
  const payload = { type: 'error', sequence_number: sequence, code: error.code ?? null, message: error.message ?? '', param: null };
  return `event: error\ndata: ${JSON.stringify(payload)}\n\n`;
}
