import type { BuiltInToolCalls } from '../format-contracts.js';

/**
 * The billable built-in tool calls in a response's `output`: one per `web_search_call` or `file_search_call`
 * item. Anything that is not such an item (or an output that is not a list) counts nothing.
 */
export function countBuiltInToolCalls(output: unknown): BuiltInToolCalls {
  const calls: BuiltInToolCalls = { webSearch: 0, fileSearch: 0 };
  if (!Array.isArray(output)) return calls;
  for (const item of output) {
    const type: unknown = item && typeof item === 'object' ? (item as { type?: unknown }).type : undefined;
    if (type === 'web_search_call') calls.webSearch++;
    else if (type === 'file_search_call') calls.fileSearch++;
  }
  return calls;
}
