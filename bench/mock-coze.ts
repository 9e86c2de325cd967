// Coze's v3 chat API (POST /v3/chat) for the gateway's integration tests: a streaming chat of the bot in
// `bot_id`; the non-streaming mode answers "in progress" as Coze does (the gateway never relies on it).
import { DEFAULT_CHUNKS, splitContent } from './mock/mock-answer.js';
import { DEFAULT_COMPLETION_TOKENS, DEFAULT_CONTENT, DEFAULT_PROMPT_TOKENS, isRecord } from './mock/mock-directives.js';
import type { Endpoint } from './mock/mock-request.js';

const frame = (event: string, data: unknown) => `event:${event}\ndata:${JSON.stringify(data)}\n\n`;

export const cozeChat: Endpoint = (exchange, request) => {
  if (!/^Bearer pat_\S+$/.test(request.credential.value)) return exchange.json(200, { code: 4100, msg: 'authentication is invalid' });
  const body = isRecord(request.body) ? request.body : {};
  if (typeof body.bot_id !== 'string' || !body.bot_id) return exchange.json(200, { code: 4000, msg: 'bot_id is required' });
  if (typeof body.user_id !== 'string' || !body.user_id || !Array.isArray(body.additional_messages)) return exchange.json(200, { code: 4000, msg: 'user_id and additional_messages are required' });
  const chat = { id: `mock-chat-${request.seq}`, conversation_id: 'mock-conversation', bot_id: body.bot_id };
  if (body.stream !== true) return exchange.json(200, { code: 0, msg: '', data: { ...chat, status: 'in_progress' } });
  const message = { ...chat, id: 'mock-msg', chat_id: chat.id, role: 'assistant', type: 'answer', content_type: 'text' };
  const frames = [frame('conversation.chat.created', { ...chat, status: 'created' })];
  for (const content of splitContent(DEFAULT_CONTENT, DEFAULT_CHUNKS)) frames.push(frame('conversation.message.delta', { ...message, content }));
  frames.push(frame('conversation.message.completed', { ...message, content: DEFAULT_CONTENT }));
  frames.push(frame('conversation.chat.completed', { ...chat, status: 'completed', usage: { token_count: DEFAULT_PROMPT_TOKENS + DEFAULT_COMPLETION_TOKENS, output_count: DEFAULT_COMPLETION_TOKENS, input_count: DEFAULT_PROMPT_TOKENS } }));
  frames.push('event:done\ndata:"[DONE]"\n\n');
  exchange.stream({ frames, ending: 'end' }, 0);
};
