import type { RelayFailure } from '../format-contracts.js';
import type { ChatRequest, ChatTool, ChatToolChoice } from '../openai/chat-types.js';
import { geminiSchemaToJsonSchema } from './clean-gemini-schema.js';
import { geminiContentsToMessages } from './gemini-contents-to-openai-messages.js';
import type { GeminiGenerateRequest } from './gemini-request-schema.js';

export type GeminiToOpenAiResult = { ok: true; request: ChatRequest } | { ok: false; failure: RelayFailure };

/**
 * A Gemini client's generateContent request for a channel that speaks chat. Gemini's built-in tools
 * (googleSearch, codeExecution) and safety settings have no chat equivalent and are dropped; so is the
 * thinking config, since reasoning_effort is refused by models that do not reason. A stream asks for usage,
 * which the last Gemini frame must carry.
 */
export function geminiToOpenAiRequest(req: GeminiGenerateRequest, model: string, stream: boolean): GeminiToOpenAiResult {
  const converted = geminiContentsToMessages(req.contents);
  if (!converted.ok) return converted;
  const messages = converted.messages;
  const system = (req.systemInstruction?.parts ?? []).map((p) => p.text ?? '').filter(Boolean).join('\n');
  if (system) messages.unshift({ role: 'system', content: system });
  const request: ChatRequest = { model, messages };
  if (stream) {
    request.stream = true;
    request.stream_options = { include_usage: true };
  }
  const config = req.generationConfig;
  if (typeof config?.maxOutputTokens === 'number') request.max_tokens = config.maxOutputTokens;
  if (typeof config?.temperature === 'number') request.temperature = config.temperature;
  if (typeof config?.topP === 'number') request.top_p = config.topP;
  if (typeof config?.topK === 'number') request.top_k = config.topK;
  if (config?.stopSequences?.length) request.stop = config.stopSequences;
  if (typeof config?.candidateCount === 'number' && config.candidateCount > 1) request.n = config.candidateCount;
  if (typeof config?.seed === 'number') request.seed = config.seed;
  if (config?.responseMimeType === 'application/json') {
    request.response_format = config.responseSchema
      ? { type: 'json_schema', json_schema: { name: 'response', schema: geminiSchemaToJsonSchema(config.responseSchema) } }
      : { type: 'json_object' };
  }
  const tools: ChatTool[] = (req.tools ?? []).flatMap((t) =>
    (t.functionDeclarations ?? []).map((fn) => {
      const parameters = fn.parametersJsonSchema ?? (fn.parameters ? geminiSchemaToJsonSchema(fn.parameters) : undefined);
      return { type: 'function' as const, function: { name: fn.name, ...(fn.description ? { description: fn.description } : {}), ...(parameters ? { parameters } : {}) } };
    }),
  );
  if (tools.length) {
    request.tools = tools;
    const choice = toolChoice(req.toolConfig?.functionCallingConfig);
    if (choice) request.tool_choice = choice;
  }
  return { ok: true, request };
}

function toolChoice(config: NonNullable<GeminiGenerateRequest['toolConfig']>['functionCallingConfig']): ChatToolChoice | null {
  if (config?.mode === 'NONE') return 'none';
  // VALIDATED lets the model answer in text too: chat's auto
  if (config?.mode === 'AUTO' || config?.mode === 'VALIDATED') return 'auto';
  if (config?.mode !== 'ANY') return null;
  const only = config.allowedFunctionNames?.length === 1 ? config.allowedFunctionNames[0] : undefined;
  return only ? { type: 'function', function: { name: only } } : 'required';
}
