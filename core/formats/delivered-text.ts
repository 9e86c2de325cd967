import type { Delivered, SseEvent } from './format-contracts.js';
import type { ChatChunk, ChatCompletion } from './openai/chat-types.js';

/** Event data held back past this many characters is folded into the running text. */
const FOLD_AT = 64 * 1024;

/** The text of chat chunks as they pass: content, reasoning, legacy completion text and tool calls. */
export class ChunkText {
  private text = '';
  private maxToolCalls = 0;

  add(chunk: ChatChunk): void {
    let calls = 0;
    for (const choice of Array.isArray(chunk.choices) ? chunk.choices : []) {
      const delta = (choice?.delta ?? {}) as Record<string, unknown>;
      if (typeof delta.content === 'string') this.text += delta.content;
      if (typeof delta.reasoning_content === 'string') this.text += delta.reasoning_content;
      if (typeof delta.reasoning === 'string') this.text += delta.reasoning;
      const legacy = choice?.text;
      if (typeof legacy === 'string') this.text += legacy;
      if (Array.isArray(delta.tool_calls)) {
        for (const call of delta.tool_calls as Array<{ function?: { name?: unknown; arguments?: unknown } }>) {
          calls++;
          if (typeof call?.function?.name === 'string') this.text += call.function.name;
          if (typeof call?.function?.arguments === 'string') this.text += call.function.arguments;
        }
      }
    }
    this.maxToolCalls = Math.max(this.maxToolCalls, calls);
  }

  read(): Delivered {
    return { text: this.text, maxToolCalls: this.maxToolCalls };
  }
}

/**
 * The text of a stream forwarded as it came: events are kept as they pass and decoded into chat chunks only
 * when the text is read (no upstream usage) or once they pass 64 KiB, so a stream whose usage arrives is
 * never decoded twice and a long one holds its text rather than every event.
 */
export class DeferredChunkText {
  private readonly text = new ChunkText();
  private held: SseEvent[] = [];
  private heldChars = 0;

  constructor(private readonly decode: (event: SseEvent) => readonly ChatChunk[]) {}

  add(event: SseEvent): void {
    this.held.push(event);
    this.heldChars += event.data.length;
    if (this.heldChars > FOLD_AT) this.fold();
  }

  read(): Delivered {
    this.fold();
    return this.text.read();
  }

  private fold(): void {
    for (const ev of this.held) for (const chunk of this.decode(ev)) this.text.add(chunk);
    this.held = [];
    this.heldChars = 0;
  }
}

/** The text of a complete chat answer: every choice's content, reasoning and tool calls. */
export function completionText(c: Pick<ChatCompletion, 'choices'>): Delivered {
  let text = '';
  let maxToolCalls = 0;
  for (const choice of Array.isArray(c.choices) ? c.choices : []) {
    const m = (choice?.message ?? {}) as Record<string, unknown>;
    if (typeof m.content === 'string') text += m.content;
    if (typeof m.reasoning_content === 'string') text += m.reasoning_content;
    const legacy = choice?.text;
    if (typeof legacy === 'string') text += legacy;
    if (Array.isArray(m.tool_calls)) {
      maxToolCalls = Math.max(maxToolCalls, m.tool_calls.length);
      for (const call of m.tool_calls as Array<{ function?: { name?: unknown; arguments?: unknown } }>) {
        text += `${typeof call?.function?.name === 'string' ? call.function.name : ''}${typeof call?.function?.arguments === 'string' ? call.function.arguments : ''}`;
      }
    }
  }
  return { text, maxToolCalls };
}
