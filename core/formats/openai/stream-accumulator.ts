export interface OpenAiUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number; [k: string]: unknown };
  prompt_cache_hit_tokens?: number;
  [k: string]: unknown;
}

export type ChunkVerdict = 'forward' | 'drop';

/**
 * Reads each upstream chat/completions SSE payload once: keeps usage, the text delivered (for local
 * counting when the upstream reports none) and the chunk identity (for a synthesised usage chunk), and
 * decides whether the chunk reaches the client. A usage-only chunk the client did not ask for is dropped.
 */
export class StreamAccumulator {
  usage: OpenAiUsage | null = null;
  text = '';
  maxToolCalls = 0;
  id = '';
  created = 0;
  model = '';
  systemFingerprint: unknown = undefined;
  errorSeen: unknown = null;
  chunks = 0;

  constructor(private readonly clientWantsUsage: boolean) {}

  inspect(data: string): ChunkVerdict {
    let chunk: Record<string, any>;
    try {
      chunk = JSON.parse(data) as Record<string, any>;
    } catch {
      return 'forward';
    }
    if (!chunk || typeof chunk !== 'object') return 'forward';
    this.chunks++;
    if (chunk.error) {
      this.errorSeen = chunk.error;
      return 'forward';
    }
    if (typeof chunk.id === 'string') this.id = chunk.id;
    if (typeof chunk.created === 'number') this.created = chunk.created;
    if (typeof chunk.model === 'string') this.model = chunk.model;
    if (chunk.system_fingerprint !== undefined) this.systemFingerprint = chunk.system_fingerprint;
    const choices = Array.isArray(chunk.choices) ? (chunk.choices as Array<Record<string, any>>) : [];
    let calls = 0;
    for (const choice of choices) {
      const delta = (choice.delta ?? {}) as Record<string, any>;
      if (typeof delta.content === 'string') this.text += delta.content;
      if (typeof delta.reasoning_content === 'string') this.text += delta.reasoning_content;
      if (typeof delta.reasoning === 'string') this.text += delta.reasoning;
      if (typeof choice.text === 'string') this.text += choice.text;
      if (Array.isArray(delta.tool_calls)) {
        for (const call of delta.tool_calls as Array<Record<string, any>>) {
          calls++;
          if (typeof call.function?.name === 'string') this.text += call.function.name;
          if (typeof call.function?.arguments === 'string') this.text += call.function.arguments;
        }
      }
    }
    this.maxToolCalls = Math.max(this.maxToolCalls, calls);
    const usage = chunk.usage as OpenAiUsage | null | undefined;
    if (usage && typeof usage === 'object' && ((usage.prompt_tokens ?? 0) > 0 || (usage.completion_tokens ?? 0) > 0)) {
      this.usage = usage;
      if (choices.length === 0 && !this.clientWantsUsage) return 'drop';
    }
    return 'forward';
  }

  /** The usage chunk new-api appends when the client asked for usage and the upstream sent none. */
  usageChunk(usage: OpenAiUsage, fallbackModel: string, now: number): string {
    return JSON.stringify({
      id: this.id || `chatcmpl-${now}`,
      object: 'chat.completion.chunk',
      created: this.created || now,
      model: this.model || fallbackModel,
      system_fingerprint: this.systemFingerprint ?? null,
      choices: [],
      usage,
    });
  }
}
