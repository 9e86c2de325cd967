import type { Delivered } from '../format-contracts.js';
import { ChunkText } from '../delivered-text.js';
import type { ChatChunk, OpenAiUsage } from './chat-types.js';
import { reportsUsage } from './openai-usage.js';

const USAGE_OBJECT = /"usage"\s*:\s*\{/;

export type ChunkVerdict = 'forward' | 'drop';

/** The identity of the last chunk seen, for a usage chunk the gateway writes itself. */
interface ChunkIdentity {
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
  private readonly text = new ChunkText();
  private readonly identity: ChunkIdentity = { id: '', created: 0, model: '', systemFingerprint: undefined };

  constructor(private readonly clientWantsUsage: boolean) {}

  inspect(data: string): ChunkVerdict {
    this.payloads.push(data);
    this.payloadChars += data.length;
    if (this.payloadChars > FOLD_AT) this.fold();
    // OpenAI sends `"usage":null` on every chunk once usage is asked for; only an object is worth parsing.
    if (!USAGE_OBJECT.test(data)) return 'forward';
    let chunk: Record<string, unknown>;
    try {
      chunk = JSON.parse(data) as Record<string, unknown>;
    } catch {
      return 'forward';
    }
    const usage = chunk?.usage as OpenAiUsage | null | undefined;
    if (reportsUsage(usage)) {
      this.usage = usage;
      const choices = chunk.choices as unknown;
      if ((!Array.isArray(choices) || choices.length === 0) && !this.clientWantsUsage) return 'drop';
    }
    return 'forward';
  }

  /** Text and tool calls of everything inspected so far. */
  read(): Delivered {
    this.fold();
    return this.text.read();
  }

  private fold(): void {
    const c = this.identity;
    for (const data of this.payloads) {
      let chunk: Record<string, unknown>;
      try {
        chunk = JSON.parse(data) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (!chunk || typeof chunk !== 'object' || chunk.error) continue;
      if (typeof chunk.id === 'string') c.id = chunk.id;
      if (typeof chunk.created === 'number') c.created = chunk.created;
      if (typeof chunk.model === 'string') c.model = chunk.model;
      if (chunk.system_fingerprint !== undefined) c.systemFingerprint = chunk.system_fingerprint;
      this.text.add(chunk as unknown as ChatChunk);
    }
    this.payloads = [];
    this.payloadChars = 0;
  }

  /** The usage chunk new-api appends when the client asked for usage and the upstream sent none. */
  usageChunk(usage: OpenAiUsage, fallbackModel: string, now: number): string {
    this.fold();
    const c = this.identity;
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
