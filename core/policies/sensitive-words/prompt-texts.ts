import { isRecord } from '../../contracts/is-record.js';

/**
 * The request bodies whose prompt text is checked, by the wire format they arrived in; for media, the kinds
 * new-api checks: image generations and edits (`prompt`), speech (`input`), moderations (`input`).
 */
export type PromptFormat = 'chat' | 'completions' | 'embeddings' | 'claude' | 'gemini' | 'responses' | 'image' | 'speech' | 'moderation';

// These walk a body the pipeline has already parsed and validated for its own needs; anything of an
// unexpected shape here is simply not text, so plain guards fit better than a second schema.
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const records = (v: unknown): Array<Record<string, unknown>> => list(v).filter(isRecord);

const TEXT = new Set(['text']);
const RESPONSES_TEXT = new Set(['input_text', 'output_text', 'text']);

/**
 * Appends a plain string, or the `text` of the parts whose type is one of `types` (Gemini parts have no
 * type). Loops rather than flatMap: this runs on every relayed request, and the chains of small arrays cost
 * more than the scan itself.
 */
function pushContentTexts(out: string[], content: unknown, types: ReadonlySet<string> | null): string[] {
  if (typeof content === 'string') {
    out.push(content);
    return out;
  }
  if (!Array.isArray(content)) return out;
  for (const part of content) {
    if (isRecord(part) && typeof part.text === 'string' && (!types || types.has(String(part.type)))) out.push(part.text);
  }
  return out;
}

const contentTexts = (content: unknown, types: ReadonlySet<string> | null): string[] => pushContentTexts([], content, types);

/** `prompt` / `input`: a string or an array of strings (token-id arrays carry no text to check). */
const stringInputs = (v: unknown): string[] => (typeof v === 'string' ? [v] : list(v).filter((s): s is string => typeof s === 'string'));

function claudeTexts(body: Record<string, unknown>): string[] {
  const blocks = (content: unknown): string[] =>
    typeof content === 'string'
      ? [content]
      : records(content).flatMap((b) => (b.type === 'tool_result' ? contentTexts(b.content, TEXT) : contentTexts([b], TEXT)));
  return [...contentTexts(body.system, TEXT), ...records(body.messages).flatMap((m) => blocks(m.content))];
}

function geminiTexts(body: Record<string, unknown>): string[] {
  const contents = isRecord(body.systemInstruction) ? [body.systemInstruction, ...records(body.contents)] : records(body.contents);
  return contents.flatMap((c) => contentTexts(c.parts, null));
}

function responsesTexts(body: Record<string, unknown>): string[] {
  const instructions = typeof body.instructions === 'string' ? [body.instructions] : [];
  if (typeof body.input === 'string') return [...instructions, body.input];
  const items = records(body.input).flatMap((item) => {
    if (item.type === 'function_call_output') return contentTexts(item.output, RESPONSES_TEXT);
    return item.type === undefined || item.type === 'message' ? contentTexts(item.content, RESPONSES_TEXT) : [];
  });
  return [...instructions, ...items];
}

/**
 * The user-supplied text of a request, one entry per message or part, as new-api checks each part on its
 * own (so words are never matched across the seam between two messages). Images, files and tool
 * definitions are not text to check.
 */
export function promptTexts(format: PromptFormat, body: unknown): string[] {
  if (!isRecord(body)) return [];
  switch (format) {
    case 'chat': {
      const out: string[] = [];
      for (const m of list(body.messages)) if (isRecord(m)) pushContentTexts(out, m.content, TEXT);
      return out;
    }
    case 'completions':
      return stringInputs(body.prompt);
    case 'embeddings':
      return stringInputs(body.input);
    case 'claude':
      return claudeTexts(body);
    case 'gemini':
      return geminiTexts(body);
    case 'responses':
      return responsesTexts(body);
    case 'image':
      return typeof body.prompt === 'string' ? [body.prompt] : [];
    case 'speech':
      return typeof body.input === 'string' ? [body.input] : [];
    case 'moderation':
      // a string, strings, or multimodal parts (their text parts)
      return typeof body.input === 'string' ? [body.input] : list(body.input).flatMap((part) => (typeof part === 'string' ? [part] : contentTexts([part], TEXT)));
  }
}
