import type { CountTask } from './count-tokens-task.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A chat task stripped to the fields the counter reads, so posting it to a worker does not structured-clone
 * base64 images, audio or unrelated request fields on the event loop. Counting the slim task gives the
 * same number as counting the original (tested); every other task kind is already minimal.
 */
export function slimCountTask(task: CountTask): CountTask {
  if (task.kind !== 'chat') return task;
  const request: Json = {};
  if (Array.isArray(task.request.messages)) request.messages = task.request.messages.map(slimMessage);
  if (Array.isArray(task.request.tools)) request.tools = task.request.tools.map(slimTool);
  return { kind: 'chat', model: task.model, request };
}

function slimMessage(message: unknown): Json | null {
  if (!isObject(message)) return null;
  const content = message.content;
  return {
    role: message.role,
    name: message.name,
    content: typeof content === 'string' ? content : Array.isArray(content) ? content.map(slimPart) : null,
  };
}

function slimPart(part: unknown): Json | null {
  if (!isObject(part)) return null;
  if (part.type === 'text') return { type: 'text', text: part.text };
  // Only the image detail matters; the URL (often a multi-megabyte data: URL) is never read.
  if (part.type === 'image_url') return { type: 'image_url', image_url: isObject(part.image_url) ? { detail: part.image_url.detail } : null };
  return { type: part.type };
}

function slimTool(tool: unknown): Json | null {
  if (!isObject(tool) || !isObject(tool.function)) return null;
  const { name, description, parameters } = tool.function;
  return { function: { name, description, parameters } };
}
