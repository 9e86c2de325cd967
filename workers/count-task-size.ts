import type { CountTask } from './count-tokens-task.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const len = (v: unknown): number => (typeof v === 'string' ? v.length : 0);

/**
 * How much text a task will tokenize, in UTF-16 code units (bytes, for ASCII text), which is what the
 * tokenizer's cost follows. Image URLs, base64 payloads and other fields the counter never reads are not
 * counted. Stops early once past `cap`, so sizing a huge request costs little.
 */
export function countTaskTextSize(task: CountTask, cap = Number.POSITIVE_INFINITY): number {
  switch (task.kind) {
    case 'text':
    case 'completion':
      return task.text.length;
    case 'prompt':
      return promptSize(task.prompt, cap);
    case 'chat':
      return chatSize(task.request, cap);
    default:
      return 0;
  }
}

function promptSize(prompt: unknown, cap: number): number {
  if (!Array.isArray(prompt)) return len(prompt);
  let size = 0;
  for (const item of prompt) {
    size += len(item);
    if (size > cap) break;
  }
  return size;
}

function chatSize(request: Json, cap: number): number {
  let size = 0;
  if (Array.isArray(request.messages)) {
    for (const message of request.messages) {
      if (!isObject(message)) continue;
      size += len(message.role) + len(message.name) + len(message.content);
      if (Array.isArray(message.content)) {
        for (const part of message.content) if (isObject(part) && part.type === 'text') size += len(part.text);
      }
      if (size > cap) return size;
    }
  }
  if (Array.isArray(request.tools)) {
    for (const tool of request.tools) {
      if (!isObject(tool) || !isObject(tool.function)) continue;
      const fn = tool.function;
      size += len(fn.name) + len(fn.description) + jsonSize(fn.parameters, cap - size);
      if (size > cap) return size;
    }
  }
  return size;
}

/** Rough size of a value's JSON (strings, keys and a few characters per scalar); stops past `budget`. */
function jsonSize(value: unknown, budget: number): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value !== 'object' || value === null) return 5;
  let size = 2;
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v) => ['', v]) : Object.entries(value);
  for (const [key, v] of entries) {
    size += key.length + 3 + jsonSize(v, budget - size);
    if (size > budget) break;
  }
  return size;
}
