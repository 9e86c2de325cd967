/**
 * One answer — "Hello world", 5 prompt and 2 completion tokens — in each upstream dialect's documented wire
 * shape, streamed and complete, for the in-process relay tests.
 */
const sse = (events: Array<[event: string | null, data: unknown]>) =>
  events.map(([e, d]) => `${e ? `event: ${e}\n` : ''}data: ${typeof d === 'string' ? d : JSON.stringify(d)}\n\n`).join('');

const chunk = (delta: object, finish: string | null = null, usage?: object) => ({
  id: 'chatcmpl-up',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'up-model',
  choices: usage && !Object.keys(delta).length && !finish ? [] : [{ index: 0, delta, finish_reason: finish }],
  ...(usage ? { usage } : {}),
});

export const OPENAI_STREAM = sse([
  [null, chunk({ role: 'assistant', content: 'Hello' })],
  [null, chunk({ content: ' world' })],
  [null, chunk({}, 'stop')],
  [null, chunk({}, null, { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 })],
  [null, '[DONE]'],
]);

export const OPENAI_COMPLETE = JSON.stringify({
  id: 'chatcmpl-up',
  object: 'chat.completion',
  created: 1,
  model: 'up-model',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hello world' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
});

export const CLAUDE_STREAM = sse([
  ['message_start', { type: 'message_start', message: { id: 'msg_up', type: 'message', role: 'assistant', model: 'up-model', content: [], stop_reason: null, usage: { input_tokens: 5, output_tokens: 1 } } }],
  ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
  ['ping', { type: 'ping' }],
  ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello' } }],
  ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ' world' } }],
  ['content_block_stop', { type: 'content_block_stop', index: 0 }],
  ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } }],
  ['message_stop', { type: 'message_stop' }],
]);

export const CLAUDE_COMPLETE = JSON.stringify({
  id: 'msg_up',
  type: 'message',
  role: 'assistant',
  model: 'up-model',
  content: [{ type: 'text', text: 'Hello world' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 5, output_tokens: 2 },
});

const geminiResponse = (text: string, finish: string | null, candidates: number) => ({
  candidates: [{ content: { parts: [{ text }], role: 'model' }, ...(finish ? { finishReason: finish } : {}), index: 0 }],
  usageMetadata: { promptTokenCount: 5, candidatesTokenCount: candidates, totalTokenCount: 5 + candidates },
  modelVersion: 'up-model',
});

export const GEMINI_STREAM = sse([
  [null, geminiResponse('Hello', null, 1)],
  [null, geminiResponse(' world', 'STOP', 2)],
]);

export const GEMINI_COMPLETE = JSON.stringify(geminiResponse('Hello world', 'STOP', 2));

const responseObject = (status: string, output: unknown[], usage: object | null) => ({ id: 'resp_up', object: 'response', created_at: 1, status, model: 'up-model', output, usage });

export const RESPONSES_STREAM = sse([
  ['response.created', { type: 'response.created', sequence_number: 0, response: responseObject('in_progress', [], null) }],
  ['response.output_text.delta', { type: 'response.output_text.delta', sequence_number: 1, item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hello' }],
  ['response.output_text.delta', { type: 'response.output_text.delta', sequence_number: 2, item_id: 'msg_1', output_index: 0, content_index: 0, delta: ' world' }],
  [
    'response.completed',
    {
      type: 'response.completed',
      sequence_number: 3,
      response: responseObject('completed', [{ type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello world', annotations: [] }] }], {
        input_tokens: 5,
        output_tokens: 2,
        total_tokens: 7,
      }),
    },
  ],
]);

export const RESPONSES_COMPLETE = JSON.stringify(
  responseObject('completed', [{ type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello world', annotations: [] }] }], {
    input_tokens: 5,
    output_tokens: 2,
    total_tokens: 7,
  }),
);
