import type { ChatToolCall } from '../openai/chat-types.js';
import type { GeminiPart } from './gemini-request-schema.js';

export interface OpenAiPieces {
  content: string;
  reasoning: string;
  toolCalls: ChatToolCall[];
}

/**
 * The parts of one Gemini candidate (or model turn) as chat pieces: text concatenated exactly, thought text
 * as reasoning, function calls as tool calls (arguments re-serialised, the thought signature kept where
 * Google's OpenAI dialect puts it), executable code and its result as fenced blocks, inline media as
 * markdown data URLs. `callId(n)` names the n-th call of these parts.
 */
export function geminiPartsToOpenAi(parts: readonly GeminiPart[], callId: (n: number) => string): OpenAiPieces {
  const pieces: OpenAiPieces = { content: '', reasoning: '', toolCalls: [] };
  const block = (text: string) => {
    const sep = pieces.content && !pieces.content.endsWith('\n') ? '\n' : '';
    pieces.content += `${sep}${text}`;
  };
  for (const part of parts) {
    if (part.functionCall) {
      const call: ChatToolCall = {
        id: part.functionCall.id || callId(pieces.toolCalls.length),
        type: 'function',
        function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) },
      };
      if (part.thoughtSignature) call.extra_content = { google: { thought_signature: part.thoughtSignature } };
      pieces.toolCalls.push(call);
    } else if (typeof part.text === 'string') {
      if (part.thought) pieces.reasoning += part.text;
      else pieces.content += part.text;
    } else if (part.executableCode) {
      block(`\`\`\`${(part.executableCode.language ?? '').toLowerCase()}\n${part.executableCode.code}\n\`\`\`\n`);
    } else if (part.codeExecutionResult) {
      block(`\`\`\`output\n${part.codeExecutionResult.output ?? ''}\n\`\`\`\n`);
    } else if (part.inlineData) {
      const { mimeType, data } = part.inlineData;
      block(`${mimeType.startsWith('image/') ? '![image]' : '[media]'}(data:${mimeType};base64,${data})`);
    }
  }
  return pieces;
}
