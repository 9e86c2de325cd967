// Gemini (Generative Language API v1beta) wire shapes, as recorded in core/formats/gemini/__fixtures__.
// Pure: the model, response id and answer come in, so the output is deterministic for a given request.
import { googleStatusName } from '../../core/formats/gemini/gemini-error-body.js';
import type { MockAnswer } from './mock-answer.js';
import { DEFAULT_COMPLETION_TOKENS, DEFAULT_PROMPT_TOKENS, type MockDirectives } from './mock-directives.js';
import { embeddingVector } from './openai-shapes.js';
import { echoed, type Credential } from './scripted-error.js';

/** What a function call after thinking is signed with (any opaque base64 does for a mock). */
export const MOCK_THOUGHT_SIGNATURE = 'bW9jay10aG91Z2h0LXNpZ25hdHVyZQ==';


/** `{error: {code, message, status}}` with the test's `error` fields laid over the error object. */
export function googleError(d: MockDirectives, code: number, message: string, credential: Credential): Record<string, unknown> {
  const error: Record<string, unknown> = { code, message, status: googleStatusName(code), ...d.error };
  if (d.echo_auth) error.message = echoed(d, String(error.message), credential);
  return { error };
}

/**
 * usageMetadata: promptTokenCount includes the cached tokens (cachedContentTokenCount), thoughts are
 * counted beside the candidates, and the total is all of them. `completionSoFar` gives the running
 * count a stream chunk carries (Gemini's counts are cumulative).
 */
export function geminiUsage(d: MockDirectives, completionSoFar?: number): Record<string, unknown> | null {
  if (d.usage === false) return null;
  if (d.usage) return d.usage;
  const prompt = d.prompt_tokens ?? DEFAULT_PROMPT_TOKENS;
  const candidates = completionSoFar ?? d.completion_tokens ?? DEFAULT_COMPLETION_TOKENS;
  const thoughts = d.reasoning_tokens ?? 0;
  const usage: Record<string, unknown> = { promptTokenCount: prompt, candidatesTokenCount: candidates, totalTokenCount: prompt + candidates + thoughts };
  if (d.cached_tokens !== undefined) usage.cachedContentTokenCount = d.cached_tokens;
  if (d.reasoning_tokens !== undefined) usage.thoughtsTokenCount = thoughts;
  usage.promptTokensDetails = [{ modality: 'TEXT', tokenCount: prompt }];
  return usage;
}

export function geminiFinishReason(d: MockDirectives): string {
  // Gemini ends a function-calling turn with STOP too.
  return d.finish_reason ?? 'STOP';
}

export interface GeminiMeta {
  model: string;
  responseId: string;
}

type Part = Record<string, unknown>;

function functionCallParts(answer: MockAnswer): Part[] {
  return answer.toolCalls.map((call, i) => ({
    functionCall: { name: call.name, args: call.arguments },
    // Gemini signs the first call of a turn that thought.
    ...(i === 0 && answer.thinking !== null ? { thoughtSignature: MOCK_THOUGHT_SIGNATURE } : {}),
  }));
}

function response(meta: GeminiMeta, parts: Part[], finishReason: string | null, usage: Record<string, unknown> | null): Record<string, unknown> {
  const candidate: Record<string, unknown> = { content: { parts, role: 'model' } };
  if (finishReason) candidate.finishReason = finishReason;
  candidate.index = 0;
  return { candidates: [candidate], ...(usage ? { usageMetadata: usage } : {}), modelVersion: meta.model, responseId: meta.responseId };
}

/** The answer of :generateContent. */
export function geminiResponse(meta: GeminiMeta, d: MockDirectives, answer: MockAnswer): Record<string, unknown> {
  const parts: Part[] = [];
  if (answer.thinking !== null) parts.push({ text: answer.thinking, thought: true });
  if (answer.text !== null) parts.push({ text: answer.text });
  parts.push(...functionCallParts(answer));
  return response(meta, parts, geminiFinishReason(d), geminiUsage(d));
}

/**
 * The chunks of :streamGenerateContent: one per thought piece and text piece, the function calls whole
 * in the last chunk (Gemini never splits a call), the finish reason on the last chunk, and on every chunk
 * the usage so far (candidates growing with the text sent).
 */
export function geminiStreamChunks(meta: GeminiMeta, d: MockDirectives, answer: MockAnswer): Record<string, unknown>[] {
  const pieces: Part[][] = [
    ...answer.thinkingPieces.map((text) => [{ text, thought: true }]),
    ...answer.textPieces.map((text) => [{ text }]),
  ];
  const calls = functionCallParts(answer);
  if (calls.length > 0 || pieces.length === 0) pieces.push(calls);
  const completion = d.completion_tokens ?? DEFAULT_COMPLETION_TOKENS;
  return pieces.map((parts, i) => {
    const last = i === pieces.length - 1;
    const soFar = last ? completion : Math.floor((completion * (i + 1)) / pieces.length);
    return response(meta, parts, last ? geminiFinishReason(d) : null, geminiUsage(d, soFar));
  });
}

/** Gemini's SSE framing (alt=sse): CRLF line ends, no [DONE]. */
export function geminiSseFrame(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\r\n\r\n`;
}

export const GEMINI_MODELS = ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.0-flash', 'text-embedding-004'];

export function geminiModel(id: string): Record<string, unknown> {
  const embedding = id.includes('embedding');
  return {
    name: `models/${id}`,
    version: '001',
    displayName: id,
    description: `Mock ${id}`,
    inputTokenLimit: embedding ? 2048 : 1048576,
    outputTokenLimit: embedding ? 1 : 65536,
    supportedGenerationMethods: embedding ? ['embedContent', 'batchEmbedContents'] : ['generateContent', 'streamGenerateContent', 'countTokens'],
  };
}

export function geminiModelList(): Record<string, unknown> {
  return { models: GEMINI_MODELS.map(geminiModel) };
}

export function geminiEmbedding(index: number): Record<string, unknown> {
  return { values: embeddingVector(index) };
}
