import type { ChatChunk, ChatFinishReason } from '../../openai/chat-types.js';

export interface ChatStreamSummary {
  content: string;
  reasoning: string;
  tools: Array<{ id: string; name: string; arguments: string }>;
  finish: ChatFinishReason | undefined;
}

/** Test support: what an OpenAI client assembles from the chunks (tool calls by their index). */
export function readChatChunks(chunks: readonly ChatChunk[]): ChatStreamSummary {
  const summary: ChatStreamSummary = { content: '', reasoning: '', tools: [], finish: undefined };
  for (const chunk of chunks) {
    for (const choice of chunk.choices) {
      const d = choice.delta;
      summary.content += d.content ?? '';
      summary.reasoning += d.reasoning_content ?? '';
      for (const call of d.tool_calls ?? []) {
        const tool = (summary.tools[call.index] ??= { id: '', name: '', arguments: '' });
        tool.id += call.id ?? '';
        tool.name += call.function?.name ?? '';
        tool.arguments += call.function?.arguments ?? '';
      }
      if (choice.finish_reason) summary.finish = choice.finish_reason;
    }
  }
  return summary;
}
