import type { RelayFailure, SseEvent } from '../format-contracts.js';
import type { ChatChunk, OpenAiUsage } from '../openai/chat-types.js';
import { geminiFinishToOpenAi } from './gemini-finish-reason.js';
import { geminiPartsToOpenAi } from './gemini-parts-to-openai.js';
import { googleErrorSchema, readGeminiResponse } from './gemini-response-schema.js';
import { geminiUsageToOpenAi } from './gemini-usage.js';
import { toolCallId, type ChatMeta } from './gemini-to-openai-response.js';

/** What one upstream event became: chunks for the client, or the failure the upstream reported mid-stream. */
export interface GeminiStreamStep {
  chunks: ChatChunk[];
  failure: RelayFailure | null;
}

const NOTHING: GeminiStreamStep = { chunks: [], failure: null };

/**
 * Reads a Gemini SSE stream (each event a whole GenerateContentResponse) as chat chunks: text as content,
 * thoughts as reasoning_content, each functionCall as one complete tool call (its own index and id), the
 * finish reason when a candidate has one. Events of any other shape are skipped; an `error` body becomes a
 * RelayFailure for the caller to end the client's stream with. Usage is the last usageMetadata seen.
 */
export class GeminiEventsToChatChunks {
  private seen: OpenAiUsage | null = null;
  private readonly started = new Set<number>();
  /** tool calls already sent, per choice: the next call's index */
  private readonly calls = new Map<number, number>();

  constructor(private readonly meta: ChatMeta) {}

  push(ev: SseEvent): GeminiStreamStep {
    let body: unknown;
    try {
      body = JSON.parse(ev.data);
    } catch {
      return NOTHING;
    }
    const error = googleErrorSchema.safeParse(body);
    if (error.success) {
      const e = error.data.error;
      return { chunks: [], failure: { status: e.code ?? 500, message: e.message ?? 'upstream error', type: 'upstream_error', code: e.status ?? null } };
    }
    const res = readGeminiResponse(body);
    if (!res) return NOTHING;
    this.seen = geminiUsageToOpenAi(res.usageMetadata) ?? this.seen;
    const chunks: ChatChunk[] = [];
    for (const [i, candidate] of (res.candidates ?? []).entries()) {
      const index = candidate.index ?? i;
      const sent = this.calls.get(index) ?? 0;
      const pieces = geminiPartsToOpenAi(candidate.content?.parts ?? [], (n) => toolCallId(this.meta.id, index, sent + n));
      const delta: ChatChunk['choices'][number]['delta'] = {};
      if (!this.started.has(index)) delta.role = 'assistant';
      if (pieces.reasoning) delta.reasoning_content = pieces.reasoning;
      if (pieces.content) delta.content = pieces.content;
      if (pieces.toolCalls.length) {
        delta.tool_calls = pieces.toolCalls.map((call, n) => ({ index: sent + n, ...call }));
        this.calls.set(index, sent + pieces.toolCalls.length);
      }
      const finish = geminiFinishToOpenAi(candidate.finishReason, this.calls.has(index));
      if (Object.keys(delta).length === 0 && !finish) continue;
      this.started.add(index);
      chunks.push({ id: this.meta.id, object: 'chat.completion.chunk', created: this.meta.created, model: this.meta.model, choices: [{ index, delta, finish_reason: finish }] });
    }
    return { chunks, failure: null };
  }

  /** Usage in OpenAI semantics from the last usageMetadata, or null when the upstream sent none. */
  usage(): OpenAiUsage | null {
    return this.seen;
  }
}
