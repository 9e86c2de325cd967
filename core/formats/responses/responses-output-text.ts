import type { Delivered } from '../format-contracts.js';

/** The text of a complete Responses answer — messages, reasoning summaries and function calls — for counting. */
export function responsesOutputText(res: { output?: unknown }): Delivered {
  let text = '';
  let calls = 0;
  for (const item of Array.isArray(res.output) ? (res.output as Array<Record<string, unknown>>) : []) {
    if (item?.type === 'function_call') {
      calls++;
      text += `${typeof item.name === 'string' ? item.name : ''}${typeof item.arguments === 'string' ? item.arguments : ''}`;
    }
    for (const part of [...arr(item?.content), ...arr(item?.summary)]) if (typeof part?.text === 'string') text += part.text;
  }
  return { text, maxToolCalls: calls };
}

const arr = (v: unknown): Array<{ text?: unknown }> => (Array.isArray(v) ? (v as Array<{ text?: unknown }>) : []);
