import { z } from 'zod';
import { googleMessage } from './google-message.js';

/**
 * The Gemini request wire shapes (`generateContent`, `streamGenerateContent`, `countTokens`, `embedContent`,
 * `batchEmbedContents`). Known fields are checked exactly; `null` is accepted wherever Google's JSON parser
 * treats it as "unset"; unknown fields pass through. Parts are shared with the upstream response schema.
 */
const jsonObject = z.record(z.string(), z.unknown());

export const geminiPartSchema = googleMessage({
  text: z.string().nullish(),
  inlineData: googleMessage({ mimeType: z.string(), data: z.string() }).nullish(),
  fileData: googleMessage({ mimeType: z.string().nullish(), fileUri: z.string() }).nullish(),
  functionCall: googleMessage({ id: z.string().nullish(), name: z.string(), args: jsonObject.nullish() }).nullish(),
  functionResponse: googleMessage({ id: z.string().nullish(), name: z.string(), response: jsonObject }).nullish(),
  thought: z.boolean().nullish(),
  thoughtSignature: z.string().nullish(),
  executableCode: googleMessage({ language: z.string().nullish(), code: z.string() }).nullish(),
  codeExecutionResult: googleMessage({ outcome: z.string().nullish(), output: z.string().nullish() }).nullish(),
});

export const geminiContentSchema = googleMessage({
  role: z.enum(['user', 'model']).nullish(),
  parts: z.array(geminiPartSchema),
});

/** Google ignores the role of a system instruction, so any is accepted. */
const systemInstruction = googleMessage({ role: z.string().nullish(), parts: z.array(geminiPartSchema) });

const functionDeclaration = googleMessage({
  name: z.string(),
  description: z.string().nullish(),
  parameters: jsonObject.nullish(),
  parametersJsonSchema: jsonObject.nullish(),
});

const tool = googleMessage({
  functionDeclarations: z.array(functionDeclaration).nullish(),
  googleSearch: jsonObject.nullish(),
  codeExecution: jsonObject.nullish(),
});

const toolConfig = googleMessage({
  functionCallingConfig: googleMessage({
    mode: z.enum(['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED']).nullish(),
    allowedFunctionNames: z.array(z.string()).nullish(),
  }).nullish(),
});

const generationConfig = googleMessage({
  maxOutputTokens: z.int().min(0).nullish(),
  temperature: z.number().nullish(),
  topP: z.number().nullish(),
  topK: z.number().nullish(),
  stopSequences: z.array(z.string()).nullish(),
  candidateCount: z.int().min(1).nullish(),
  responseMimeType: z.string().nullish(),
  responseSchema: jsonObject.nullish(),
  responseModalities: z.array(z.string()).nullish(),
  seed: z.int().nullish(),
  thinkingConfig: googleMessage({ thinkingBudget: z.int().nullish(), includeThoughts: z.boolean().nullish() }).nullish(),
});

export const generateContentRequestSchema = googleMessage({
  contents: z.array(geminiContentSchema),
  systemInstruction: systemInstruction.nullish(),
  tools: z.array(tool).nullish(),
  toolConfig: toolConfig.nullish(),
  generationConfig: generationConfig.nullish(),
  safetySettings: z.array(googleMessage({ category: z.string(), threshold: z.string() })).nullish(),
});

/** `countTokens` takes either bare contents or a whole generateContent request. */
export const countTokensRequestSchema = googleMessage({
  contents: z.array(geminiContentSchema).nullish(),
  generateContentRequest: generateContentRequestSchema.nullish(),
});

export const embedContentRequestSchema = googleMessage({
  model: z.string().nullish(),
  content: googleMessage({ role: z.string().nullish(), parts: z.array(geminiPartSchema) }),
  taskType: z.string().nullish(),
  title: z.string().nullish(),
  outputDimensionality: z.int().min(1).nullish(),
});

export const batchEmbedContentsRequestSchema = googleMessage({ requests: z.array(embedContentRequestSchema) });

export type GeminiPart = z.output<typeof geminiPartSchema>;
export type GeminiContent = z.output<typeof geminiContentSchema>;
export type GeminiGenerateRequest = z.output<typeof generateContentRequestSchema>;
export type GeminiCountTokensRequest = z.output<typeof countTokensRequestSchema>;
export type GeminiEmbedContentRequest = z.output<typeof embedContentRequestSchema>;
export type GeminiBatchEmbedRequest = z.output<typeof batchEmbedContentsRequestSchema>;
