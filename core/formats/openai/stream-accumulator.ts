export interface OpenAiUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number; [k: string]: unknown };
  prompt_cache_hit_tokens?: number;
  [k: string]: unknown;
}

const USAGE_OBJECT = /"usage"\s*:\s*\{/;

export type ChunkVerdict = 'forward' | 'drop';

/** What the forwarded chunks carried, read only when it is needed. */
export interface StreamContent {
  /** completion text, reasoning and tool-call names and arguments, for local counting */
  text: string;
  /** the most tool calls in one chunk */
  maxToolCalls: number;
  id: string;
  created: number;
  model: string;
  systemFingerprint: unknown;
}

/** Unparsed payloads past this many characters are folded into the running content. */
const FOLD_AT = 64 * 1024;

/**
 * Watches an upstream chat/completions SSE stream: keeps usage and decides whether each chunk reaches
 * the client (a usage-only chunk the client did not ask for is dropped). Only chunks that carry a usage
 * object are parsed as they pass. The rest are kept as text and parsed only when their content is read
 * (no upstream usage: local counting; or a usage chunk to synthesise), or once they pass 64 KiB, so a
 * short stream is never parsed twice and a long one holds its text, not every chunk it carried.
 */
export class StreamAccumulator {
  usage: OpenAiUsage | null = null;
  private payloads: string[] = [];
  private payloadChars = 0;
  private readonly content: StreamContent = { text: '', maxToolCalls: 0, id: '', created: 0, model: '', systemFingerprint: undefined };

  constructor(private readonly clientWantsUsage: boolean) {}

  inspect(data: string): ChunkVerdict {
    this.payloads.push(data);
    this.payloadChars += data.length;
    if (this.payloadChars > FOLD_AT) this.fold();
    // OpenAI sends `"usage":null` on every chunk once usage is asked for; only an object is worth parsing.
    if (!USAGE_OBJECT.test(data)) return 'forward';
    let chunk: Record<string, any>;
    try {
      chunk = JSON.parse(data) as Record<string, any>;
    } catch {
      return 'forward';
    }
    const usage = chunk?.usage as OpenAiUsage | null | undefined;
    if (usage && typeof usage === 'object' && ((usage.prompt_tokens ?? 0) > 0 || (usage.completion_tokens ?? 0) > 0)) {
      this.usage = usage;
      const choices = chunk.choices as unknown;
      if ((!Array.isArray(choices) || choices.length === 0) && !this.clientWantsUsage) return 'drop';
    }
    return 'forward';
  }

  /** Text, tool calls and the last chunk identity of everything inspected so far. */
  read(): StreamContent {
    this.fold();
    return { ...this.content };
  }

  private fold(): void {
    const c = this.content;
    for (const data of this.payloads) {
      let chunk: Record<string, any>;
      try {
        chunk = JSON.parse(data) as Record<string, any>;
      } catch {
        continue;
      }
      if (!chunk || typeof chunk !== 'object' || chunk.error) continue;
      if (typeof chunk.id === 'string') c.id = chunk.id;
      if (typeof chunk.created === 'number') c.created = chunk.created;
      if (typeof chunk.model === 'string') c.model = chunk.model;
      if (chunk.system_fingerprint !== undefined) c.systemFingerprint = chunk.system_fingerprint;
      let calls = 0;
      for (const choice of Array.isArray(chunk.choices) ? (chunk.choices as Array<Record<string, any>>) : []) {
        const delta = (choice.delta ?? {}) as Record<string, any>;
        if (typeof delta.content === 'string') c.text += delta.content;
        if (typeof delta.reasoning_content === 'string') c.text += delta.reasoning_content;
        if (typeof delta.reasoning === 'string') c.text += delta.reasoning;
        if (typeof choice.text === 'string') c.text += choice.text;
        if (Array.isArray(delta.tool_calls)) {
          for (const call of delta.tool_calls as Array<Record<string, any>>) {
            calls++;
            if (typeof call.function?.name === 'string') c.text += call.function.name;
            if (typeof call.function?.arguments === 'string') c.text += call.function.arguments;
          }
        }
      }
      c.maxToolCalls = Math.max(c.maxToolCalls, calls);
    }
    this.payloads = [];
    this.payloadChars = 0;
  }

  /** The usage chunk new-api appends when the client asked for usage and the upstream sent none. */
  usageChunk(usage: OpenAiUsage, fallbackModel: string, now: number): string {
    const c = this.read();
    return JSON.stringify({
      id: c.id || `chatcmpl-${now}`,
      object: 'chat.completion.chunk',
      created: c.created || now,
      model: c.model || fallbackModel,
      system_fingerprint: c.systemFingerprint ?? null,
      choices: [],
      usage,
    });
  }
}
