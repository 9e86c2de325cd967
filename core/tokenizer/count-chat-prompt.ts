import { countText } from './count-text.js';

/** Fixed estimates for parts that are not text (new-api service/token_counter.go, spec §5). */
export const LOW_DETAIL_IMAGE_TOKENS = 85;
/** 3 × 85: Ferryman never downloads or decodes an image to count its tiles. */
export const IMAGE_TOKENS = 255;
export const AUDIO_PART_TOKENS = 100;
export const FILE_PART_TOKENS = 5000;
export const VIDEO_PART_TOKENS = 5000;
export const TOKENS_PER_TOOL = 8;
/** Every reply is primed with <|start|>assistant<|message|>. */
export const REPLY_PRIMING_TOKENS = 3;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Prompt tokens of a chat completions request, by new-api's cookbook rules (CountTokenMessages):
 * per message 3 + tokens(role) + content, `name` +1 + tokens(name) only beside non-empty content,
 * fixed estimates for images, audio, files and video, +3 reply priming, and +8 + tokens(name +
 * description + JSON parameters) for every tool (new-api B counts only the last tool; fixed here).
 * `gpt-3.5-turbo-0301` uses 4 per message and −1 per name. Malformed parts count 0; nothing throws.
 */
export function countChatPromptTokens(request: Record<string, unknown>, model: string): number {
  const legacy = model === 'gpt-3.5-turbo-0301';
  const perMessage = legacy ? 4 : 3;
  const perName = legacy ? -1 : 1;
  let total = 0;
  const messages = request.messages;
  if (Array.isArray(messages)) {
    for (const message of messages) {
      if (!isObject(message)) continue;
      total += perMessage + countText(str(message.role), model);
      const content = contentTokens(message.content, model);
      if (content === undefined) continue;
      total += content;
      if (typeof message.name === 'string') total += perName + countText(message.name, model);
    }
  }
  total += REPLY_PRIMING_TOKENS;
  if (Array.isArray(request.tools)) {
    for (const tool of request.tools) total += toolTokens(tool, model);
  }
  return total;
}

/** Tokens of a message's content, or undefined when it is empty (then `name` is not counted either). */
function contentTokens(content: unknown, model: string): number | undefined {
  if (typeof content === 'string') return content === '' ? undefined : countText(content, model);
  if (!Array.isArray(content) || content.length === 0) return undefined;
  let total = 0;
  for (const part of content) if (isObject(part)) total += partTokens(part, model);
  return total;
}

function partTokens(part: Json, model: string): number {
  switch (part.type) {
    case 'text':
      return countText(str(part.text), model);
    case 'image_url': {
      const image = part.image_url;
      return isObject(image) && image.detail === 'low' ? LOW_DETAIL_IMAGE_TOKENS : IMAGE_TOKENS;
    }
    case 'input_audio':
      return AUDIO_PART_TOKENS;
    case 'file':
      return FILE_PART_TOKENS;
    case 'video_url':
      return VIDEO_PART_TOKENS;
    default:
      return 0;
  }
}

function toolTokens(tool: unknown, model: string): number {
  if (!isObject(tool) || !isObject(tool.function)) return 0;
  const fn = tool.function;
  const parameters = fn.parameters === undefined || fn.parameters === null ? '' : stringify(fn.parameters);
  return TOKENS_PER_TOOL + countText(str(fn.name) + str(fn.description) + parameters, model);
}

/** JSON of a tool's parameters; '' for values JSON cannot express (cycles cannot arrive from a parsed body). */
function stringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
