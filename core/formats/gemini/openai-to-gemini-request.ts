import type { RelayFailure } from '../format-contracts.js';
import type { ChatRequest, ChatToolChoice } from '../openai/chat-types.js';
import { cleanGeminiSchema } from './clean-gemini-schema.js';
import type { GeminiGenerateRequest } from './gemini-request-schema.js';
import { geminiSafetySettings, type GeminiSettings } from './gemini-settings.js';
import { geminiThinkingAdapter } from './gemini-thinking-adapter.js';
import type { MediaOptions } from './openai-content-to-gemini-parts.js';
import { messagesToGeminiContents } from './openai-messages-to-gemini-contents.js';

export interface OpenAiToGeminiOptions extends MediaOptions {
  settings: GeminiSettings;
}

export type OpenAiToGeminiResult =
  | { ok: true; request: GeminiGenerateRequest; /** the upstream model, thinking suffix removed */ model: string }
  | { ok: false; failure: RelayFailure };

type GenerationConfig = NonNullable<GeminiGenerateRequest['generationConfig']>;
type Tools = NonNullable<GeminiGenerateRequest['tools']>;

/** Tool names new-api reads as Gemini's built-in tools rather than functions. */
const NATIVE_TOOLS: Readonly<Record<string, string>> = { googleSearch: 'googleSearch', codeExecution: 'codeExecution' };

/** A chat request for a Gemini channel (spec §8.2): contents, generation config, tools, safety and thinking. */
export function openAiToGeminiRequest(req: ChatRequest, opts: OpenAiToGeminiOptions): OpenAiToGeminiResult {
  const converted = messagesToGeminiContents(req.messages, opts);
  if (!converted.ok) return converted;
  const maxTokens = Math.max(req.max_tokens ?? 0, req.max_completion_tokens ?? 0);
  const thinking = geminiThinkingAdapter(req.model, maxTokens, opts.settings);
  const generationConfig: GenerationConfig = {};
  if (typeof req.temperature === 'number') generationConfig.temperature = req.temperature;
  if (typeof req.top_p === 'number') generationConfig.topP = req.top_p;
  if (typeof req.top_k === 'number') generationConfig.topK = req.top_k;
  if (maxTokens > 0) generationConfig.maxOutputTokens = maxTokens;
  if (req.stop) generationConfig.stopSequences = typeof req.stop === 'string' ? [req.stop] : req.stop;
  if (typeof req.n === 'number' && req.n > 1) generationConfig.candidateCount = req.n;
  if (typeof req.seed === 'number') generationConfig.seed = req.seed;
  const format = req.response_format;
  if (format?.type === 'json_object' || format?.type === 'json_schema') {
    generationConfig.responseMimeType = 'application/json';
    const schema = format.json_schema?.schema;
    if (schema) generationConfig.responseSchema = cleanGeminiSchema(schema, { dropTitles: true });
  }
  if (opts.settings.supportedImagineModels.includes(thinking.model)) generationConfig.responseModalities = ['TEXT', 'IMAGE'];
  if (thinking.thinkingConfig) generationConfig.thinkingConfig = thinking.thinkingConfig;

  const request: GeminiGenerateRequest = { contents: converted.contents };
  if (converted.system) request.systemInstruction = { parts: [{ text: converted.system }] };
  const tools = geminiTools(req);
  if (tools.length) request.tools = tools;
  const toolConfig = functionCallingConfig(req.tool_choice);
  if (toolConfig && tools.some((t) => t.functionDeclarations)) request.toolConfig = { functionCallingConfig: toolConfig };
  if (Object.keys(generationConfig).length) request.generationConfig = generationConfig;
  request.safetySettings = geminiSafetySettings(opts.settings);
  return { ok: true, request, model: thinking.model };
}

function geminiTools(req: ChatRequest): Tools {
  const tools: Tools = [];
  const declarations = [];
  for (const { function: fn } of req.tools ?? []) {
    const native = NATIVE_TOOLS[fn.name];
    if (native) {
      tools.push({ [native]: {} });
      continue;
    }
    const params = fn.parameters;
    const props = params?.properties;
    // a function without arguments is declared without parameters: Gemini refuses an empty object schema
    const noArguments = !!props && typeof props === 'object' && Object.keys(props).length === 0;
    declarations.push({
      name: fn.name,
      ...(fn.description ? { description: fn.description } : {}),
      ...(params && !noArguments ? { parameters: cleanGeminiSchema(params) } : {}),
    });
  }
  if (declarations.length) tools.push({ functionDeclarations: declarations });
  return tools;
}

function functionCallingConfig(choice: ChatToolChoice | null | undefined) {
  if (choice === 'none') return { mode: 'NONE' as const };
  if (choice === 'auto') return { mode: 'AUTO' as const };
  if (choice === 'required') return { mode: 'ANY' as const };
  if (choice && typeof choice === 'object') return { mode: 'ANY' as const, allowedFunctionNames: [choice.function.name] };
  return null;
}
