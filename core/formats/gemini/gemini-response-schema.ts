import { z } from 'zod';
import { geminiPartSchema } from './gemini-request-schema.js';

/**
 * What a Gemini upstream answers, read tolerantly: every field may be missing or null, unknown fields are
 * kept, and enums are plain strings (Google adds finish reasons). A body that still does not fit is an
 * unknown shape: the caller skips it.
 */
const count = z.number().nullish();

export const geminiUsageMetadataSchema = z.looseObject({
  promptTokenCount: count,
  candidatesTokenCount: count,
  totalTokenCount: count,
  cachedContentTokenCount: count,
  thoughtsTokenCount: count,
  toolUsePromptTokenCount: count,
  promptTokensDetails: z.array(z.looseObject({ modality: z.string().nullish(), tokenCount: count })).nullish(),
});

const candidate = z.looseObject({
  content: z.looseObject({ role: z.string().nullish(), parts: z.array(geminiPartSchema).nullish() }).nullish(),
  finishReason: z.string().nullish(),
  index: z.number().nullish(),
});

export const generateContentResponseSchema = z.looseObject({
  candidates: z.array(candidate).nullish(),
  promptFeedback: z.looseObject({ blockReason: z.string().nullish() }).nullish(),
  usageMetadata: geminiUsageMetadataSchema.nullish(),
  modelVersion: z.string().nullish(),
  responseId: z.string().nullish(),
});

export const googleErrorSchema = z.looseObject({
  error: z.looseObject({ code: z.number().nullish(), message: z.string().nullish(), status: z.string().nullish() }),
});

const embedding = z.looseObject({ values: z.array(z.number()) });

/** `embedContent` answers `embedding`, `batchEmbedContents` answers `embeddings`. */
export const geminiEmbeddingResponseSchema = z.looseObject({
  embedding: embedding.nullish(),
  embeddings: z.array(embedding).nullish(),
});

export type GeminiUsageMetadata = z.output<typeof geminiUsageMetadataSchema>;
export type GeminiCandidate = z.output<typeof candidate>;
export type GeminiResponse = z.output<typeof generateContentResponseSchema>;
export type GeminiEmbeddingResponse = z.output<typeof geminiEmbeddingResponseSchema>;

/** An upstream body as a GenerateContentResponse, or null when it is some other shape. */
export function readGeminiResponse(body: unknown): GeminiResponse | null {
  const parsed = generateContentResponseSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
