import type { RelayFailure } from '../format-contracts.js';
import type { ChatChunk, ChatChunkToolCall, ChatFinishReason, OpenAiUsage } from '../openai/chat-types.js';
import { functionCallPart } from './function-call-part.js';
import { googleErrorBody } from './gemini-error-body.js';
import { openAiFinishToGemini } from './gemini-finish-reason.js';
import { GeminiFrameWriter } from './gemini-frame-writer.js';
import type { GeminiPart } from './gemini-request-schema.js';
import type { GeminiCandidate, GeminiResponse } from './gemini-response-schema.js';
import { openAiUsageToGemini } from './gemini-usage.js';

interface PendingCall {
  name: string;
  args: string;
  signature?: string;
}

interface ChoiceState {
  /** tool calls being streamed, by their chat index, until they are complete */
  calls: Map<number, PendingCall>;
  finish: ChatFinishReason | undefined;
}

/**
 * Chat chunks as the stream a Gemini client reads: each chunk with text or reasoning becomes one
 * GenerateContentResponse (reasoning as `thought` parts). Tool-call argument fragments are gathered and a
 * functionCall part is written only once the call is complete: when the choice finishes, or at the end.
 * `end(usage)` writes the last response with the finish reason and usageMetadata; `fail` writes Google's
 * error body. Framing (SSE or JSON array) is the client's choice.
 */
export class ChatChunksToGeminiEvents {
  private readonly writer: GeminiFrameWriter;
  private readonly choices = new Map<number, ChoiceState>();
  private responseId = '';
  private modelVersion = '';

  constructor(opts: { model: string; sse: boolean }) {
    this.writer = new GeminiFrameWriter(opts.sse);
    this.modelVersion = opts.model;
  }

  push(chunk: ChatChunk): string {
    if (this.writer.closed) return '';
    if (!this.responseId && chunk.id) this.responseId = chunk.id;
    if (chunk.model) this.modelVersion = chunk.model;
    const candidates: GeminiCandidate[] = [];
    for (const choice of chunk.choices ?? []) {
      const index = choice.index ?? 0;
      const state = this.state(index);
      const d = choice.delta ?? {};
      const parts: GeminiPart[] = [];
      const reasoning = d.reasoning_content ?? (typeof d.reasoning === 'string' ? d.reasoning : null);
      if (reasoning) parts.push({ text: reasoning, thought: true });
      if (typeof d.content === 'string' && d.content) parts.push({ text: d.content });
      for (const call of d.tool_calls ?? []) gather(state, call);
      if (choice.finish_reason) {
        state.finish = choice.finish_reason;
        parts.push(...flush(state));
      }
      if (parts.length) candidates.push({ content: { parts, role: 'model' }, index });
    }
    return candidates.length ? this.writer.frame(JSON.stringify(this.response(candidates))) : '';
  }

  end(usage: OpenAiUsage): string {
    if (this.writer.closed) return '';
    if (!this.choices.size) this.state(0);
    const candidates = [...this.choices].map(([index, state]) => {
      const parts = flush(state);
      return { content: { parts: parts.length ? parts : [{ text: '' }], role: 'model' }, finishReason: openAiFinishToGemini(state.finish), index };
    });
    return this.writer.frame(JSON.stringify(this.response(candidates, usage))) + this.writer.close();
  }

  fail(failure: RelayFailure): string {
    return this.writer.frame(JSON.stringify(googleErrorBody(failure))) + this.writer.close();
  }

  private state(index: number): ChoiceState {
    let state = this.choices.get(index);
    if (!state) this.choices.set(index, (state = { calls: new Map(), finish: undefined }));
    return state;
  }

  /** Google's key order: candidates, usageMetadata, modelVersion, responseId. */
  private response(candidates: GeminiCandidate[], usage?: OpenAiUsage): GeminiResponse {
    const res: GeminiResponse = { candidates };
    if (usage) res.usageMetadata = openAiUsageToGemini(usage);
    res.modelVersion = this.modelVersion;
    if (this.responseId) res.responseId = this.responseId;
    return res;
  }
}

function gather(state: ChoiceState, call: ChatChunkToolCall): void {
  const index = call.index ?? 0;
  let pending = state.calls.get(index);
  if (!pending) state.calls.set(index, (pending = { name: '', args: '' }));
  if (call.function?.name && !pending.name) pending.name = call.function.name;
  if (call.function?.arguments) pending.args += call.function.arguments;
  const signature = call.extra_content?.google?.thought_signature;
  if (signature) pending.signature = signature;
}

/** The complete calls of a choice as functionCall parts, in their chat order; they are then forgotten. */
function flush(state: ChoiceState): GeminiPart[] {
  const parts = [...state.calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => functionCallPart(c.name, c.args, c.signature));
  state.calls.clear();
  return parts;
}
