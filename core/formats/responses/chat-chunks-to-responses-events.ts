import type { RelayFailure } from '../format-contracts.js';
import type { ChatChunk, ChatFinishReason, OpenAiUsage } from '../openai/chat-types.js';
import { buildResponse, itemId, responseId, type ResponseMeta } from './responses-envelope.js';
import type { ResponsesOutputItem } from './responses-types.js';

interface OpenText {
  kind: 'message' | 'reasoning';
  index: number;
  id: string;
  text: string;
}
interface OpenCall {
  index: number;
  id: string;
  callId: string;
  name: string;
  args: string;
}

/**
 * Chat Completions chunks as the typed Responses event stream Codex and the SDK read: `response.created`,
 * one output item per reasoning run, message and function call (added → deltas → done, with output and
 * content indexes), then `response.completed` (or `response.incomplete`) carrying the whole response and
 * its usage. Every event has the next `sequence_number`.
 */
export class ChatChunksToResponsesEvents {
  private seq = 0;
  private meta: ResponseMeta | null = null;
  private readonly output: ResponsesOutputItem[] = [];
  private text: OpenText | null = null;
  /** chat tool-call index → the function_call item it feeds */
  private readonly calls = new Map<number, OpenCall>();
  private finish: ChatFinishReason | undefined;
  private closed = false;

  constructor(
    private readonly model: string,
    private readonly now: number,
  ) {}

  push(chunk: ChatChunk): string {
    let out = this.start(chunk);
    const choice = chunk.choices?.[0];
    if (!choice) return out;
    const d = choice.delta ?? {};
    const reasoning = d.reasoning_content ?? (typeof d.reasoning === 'string' ? d.reasoning : null);
    if (reasoning) out += this.appendText('reasoning', reasoning);
    if (typeof d.content === 'string' && d.content) out += this.appendText('message', d.content);
    for (const call of d.tool_calls ?? []) out += this.appendCall(call.index ?? 0, call.id, call.function?.name, call.function?.arguments);
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return out;
  }

  end(usage: OpenAiUsage): string {
    if (this.closed) return '';
    this.closed = true;
    let out = this.start(null) + this.closeText();
    for (const call of this.calls.values()) out += this.closeCall(call);
    const response = buildResponse(this.meta!, this.output, usage, this.finish);
    return out + this.event(response.status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response });
  }

  fail(failure: RelayFailure): string {
    if (this.closed) return '';
    this.closed = true;
    return this.event('error', { code: failure.code === null ? null : String(failure.code), message: failure.message, param: null });
  }

  private start(chunk: ChatChunk | null): string {
    if (this.meta) return '';
    this.meta = { id: responseId(chunk?.id || `chatcmpl-${this.now}`), model: chunk?.model || this.model, createdAt: chunk?.created || this.now };
    const response = { ...buildResponse(this.meta, [], null, undefined), status: 'in_progress' as const };
    return this.event('response.created', { response }) + this.event('response.in_progress', { response });
  }

  private appendText(kind: OpenText['kind'], delta: string): string {
    let out = '';
    if (this.text?.kind !== kind) {
      out += this.closeText();
      const index = this.output.length;
      const id = itemId(kind === 'message' ? 'msg' : 'rs', this.meta!.id, index);
      this.text = { kind, index, id, text: '' };
      if (kind === 'message') {
        this.output.push({ type: 'message', id, role: 'assistant', status: 'in_progress', content: [] });
        out += this.event('response.output_item.added', { output_index: index, item: this.output[index] });
        out += this.event('response.content_part.added', { item_id: id, output_index: index, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
      } else {
        this.output.push({ type: 'reasoning', id, summary: [] });
        out += this.event('response.output_item.added', { output_index: index, item: this.output[index] });
        out += this.event('response.reasoning_summary_part.added', { item_id: id, output_index: index, summary_index: 0, part: { type: 'summary_text', text: '' } });
      }
    }
    const t = this.text!;
    t.text += delta;
    return kind === 'message'
      ? out + this.event('response.output_text.delta', { item_id: t.id, output_index: t.index, content_index: 0, delta, logprobs: [] })
      : out + this.event('response.reasoning_summary_text.delta', { item_id: t.id, output_index: t.index, summary_index: 0, delta });
  }

  private closeText(): string {
    const t = this.text;
    if (!t) return '';
    this.text = null;
    if (t.kind === 'message') {
      const part = { type: 'output_text' as const, text: t.text, annotations: [] };
      this.output[t.index] = { type: 'message', id: t.id, role: 'assistant', status: 'completed', content: [part] };
      return (
        this.event('response.output_text.done', { item_id: t.id, output_index: t.index, content_index: 0, text: t.text, logprobs: [] }) +
        this.event('response.content_part.done', { item_id: t.id, output_index: t.index, content_index: 0, part }) +
        this.event('response.output_item.done', { output_index: t.index, item: this.output[t.index] })
      );
    }
    const part = { type: 'summary_text' as const, text: t.text };
    this.output[t.index] = { type: 'reasoning', id: t.id, summary: [part] };
    return (
      this.event('response.reasoning_summary_text.done', { item_id: t.id, output_index: t.index, summary_index: 0, text: t.text }) +
      this.event('response.reasoning_summary_part.done', { item_id: t.id, output_index: t.index, summary_index: 0, part }) +
      this.event('response.output_item.done', { output_index: t.index, item: this.output[t.index] })
    );
  }

  private appendCall(chatIndex: number, callId: string | undefined, name: string | undefined, args: string | undefined): string {
    let out = '';
    let call = this.calls.get(chatIndex);
    if (!call) {
      out += this.closeText();
      const index = this.output.length;
      call = { index, id: itemId('fc', this.meta!.id, index), callId: callId || `call_${this.meta!.id}_${chatIndex}`, name: name ?? '', args: '' };
      this.calls.set(chatIndex, call);
      this.output.push({ type: 'function_call', id: call.id, call_id: call.callId, name: call.name, arguments: '', status: 'in_progress' });
      out += this.event('response.output_item.added', { output_index: index, item: this.output[index] });
    } else if (name && !call.name) {
      call.name = name;
    }
    if (args) {
      call.args += args;
      out += this.event('response.function_call_arguments.delta', { item_id: call.id, output_index: call.index, delta: args });
    }
    return out;
  }

  private closeCall(call: OpenCall): string {
    this.output[call.index] = { type: 'function_call', id: call.id, call_id: call.callId, name: call.name, arguments: call.args, status: 'completed' };
    return (
      this.event('response.function_call_arguments.done', { item_id: call.id, output_index: call.index, name: call.name, arguments: call.args }) +
      this.event('response.output_item.done', { output_index: call.index, item: this.output[call.index] })
    );
  }

  private event(type: string, body: Record<string, unknown>): string {
    return `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: this.seq++, ...body })}\n\n`;
  }
}
