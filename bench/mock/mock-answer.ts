// What the mock answers, before any dialect shapes it: the text, the reasoning and the function calls,
// each already cut into the pieces a stream sends. Pure, so every dialect streams the same content.
import { contentOf, type MockDirectives } from './mock-directives.js';

export const DEFAULT_CHUNKS = 5;
export const DEFAULT_ARG_CHUNKS = 3;

export interface MockAnswerCall {
  /** the dialect's call id (`call_mock_<seq>_<i>`, `toolu_mock_<seq>_<i>`) */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** JSON.stringify(arguments) in `arg_chunks` pieces */
  argumentPieces: string[];
}

export interface MockAnswer {
  /** null: the answer has no text (function calls only) */
  text: string | null;
  textPieces: string[];
  thinking: string | null;
  thinkingPieces: string[];
  toolCalls: MockAnswerCall[];
  /** Responses built-in tool calls listed before the message; Anthropic's web searches (usage and blocks) */
  webSearchCalls: number;
  fileSearchCalls: number;
}

/** Splits text into exactly `count` pieces (some empty when count exceeds its length). */
export function splitContent(text: string, count: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < count; i++) {
    pieces.push(text.slice(Math.floor((i * text.length) / count), Math.floor(((i + 1) * text.length) / count)));
  }
  return pieces;
}

export function answerOf(d: MockDirectives, callIdPrefix: string, seq: number): MockAnswer {
  const chunks = d.chunks ?? DEFAULT_CHUNKS;
  const calls = d.tool_calls ?? [];
  // Function calls replace the default text; an explicit `content` still comes before them.
  const text = calls.length > 0 && d.content === undefined ? null : contentOf(d);
  const thinking = d.thinking ?? null;
  return {
    text,
    textPieces: text === null ? [] : splitContent(text, chunks),
    thinking,
    thinkingPieces: thinking === null ? [] : splitContent(thinking, chunks),
    toolCalls: calls.map((call, i) => ({
      id: `${callIdPrefix}_mock_${seq}_${i}`,
      name: call.name,
      arguments: call.arguments,
      argumentPieces: splitContent(JSON.stringify(call.arguments), d.arg_chunks ?? DEFAULT_ARG_CHUNKS),
    })),
    webSearchCalls: d.web_search_calls ?? 0,
    fileSearchCalls: d.file_search_calls ?? 0,
  };
}
