import { countChatPromptTokens } from '../core/tokenizer/count-chat-prompt.js';
import { countCompletionTokens } from '../core/tokenizer/count-completion.js';
import { countPromptTokens } from '../core/tokenizer/count-prompt.js';
import { countText } from '../core/tokenizer/count-text.js';

/** One token-counting job, as posted to a worker thread (plain data: it is structured-cloned). */
export type CountTask =
  | { kind: 'chat'; model: string; request: Record<string, unknown> }
  | { kind: 'prompt'; model: string; prompt: unknown }
  | { kind: 'completion'; model: string; text: string; toolCalls: number }
  | { kind: 'text'; model: string; text: string };

/** Runs a task on the current thread; pure and synchronous. An unknown kind throws. */
export function runCountTask(task: CountTask): number {
  switch (task.kind) {
    case 'chat':
      return countChatPromptTokens(task.request, task.model);
    case 'prompt':
      return countPromptTokens(task.prompt, task.model);
    case 'completion':
      return countCompletionTokens(task.text, task.toolCalls, task.model);
    case 'text':
      return countText(task.text, task.model);
    default:
      throw new Error(`unknown token count task kind: ${String((task as { kind?: unknown }).kind)}`);
  }
}
