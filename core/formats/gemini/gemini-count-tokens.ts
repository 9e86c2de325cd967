import type { GeminiContent, GeminiCountTokensRequest, GeminiPart } from './gemini-request-schema.js';

const partText = (parts: readonly GeminiPart[] | undefined) => (parts ?? []).flatMap((p) => (p.text ? [p.text] : []));

/**
 * The text `countTokens` is answered from locally (new-api counts Gemini native requests as their text parts
 * joined by newlines): the system instruction, then every turn. The request is either bare contents or a
 * whole generateContent request.
 */
export function geminiPromptText(req: GeminiCountTokensRequest): string {
  const inner = req.generateContentRequest;
  const contents: readonly GeminiContent[] = inner?.contents ?? req.contents ?? [];
  return [...partText(inner?.systemInstruction?.parts), ...contents.flatMap((c) => partText(c.parts))].join('\n');
}

/** The countTokens answer. */
export function countTokensResponse(totalTokens: number): { totalTokens: number } {
  return { totalTokens };
}
