/**
 * The OpenAI Chat Completions wire shapes, as the hub every other format converts through
 * (Claude ↔ Gemini goes Claude → OpenAI → Gemini). Tolerant: upstreams add fields, so unknown keys are
 * allowed everywhere and optional fields may be null.
 */

export interface OpenAiUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number; [k: string]: unknown };
  /** DeepSeek's name for cached prompt tokens */
  prompt_cache_hit_tokens?: number;
  [k: string]: unknown;
}

export interface ChatTextPart {
  type: 'text';
  text: string;
  /** kept for hosts that honour Claude-style cache markers (OpenRouter anthropic/*) */
  cache_control?: Record<string, unknown>;
}
export interface ChatImagePart {
  type: 'image_url';
  image_url: { url: string; detail?: string | null };
}
export interface ChatAudioPart {
  type: 'input_audio';
  input_audio: { data: string; format: string };
}
export interface ChatFilePart {
  type: 'file';
  file: { file_data?: string; file_id?: string; filename?: string };
}
export type ChatContentPart = ChatTextPart | ChatImagePart | ChatAudioPart | ChatFilePart;

/** Google's OpenAI-compatible extension: the signature a Gemini model attached to its function call. */
export interface ChatToolCallExtraContent {
  google?: { thought_signature?: string };
  [k: string]: unknown;
}

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  /** Gemini 3 refuses a history whose function calls lost their thought signature */
  extra_content?: ChatToolCallExtraContent;
}

export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool' | 'function';
  content?: string | ChatContentPart[] | null;
  name?: string;
  tool_calls?: ChatToolCall[] | null;
  tool_call_id?: string;
  /** DeepSeek / new-api's field for reasoning text */
  reasoning_content?: string | null;
  [k: string]: unknown;
}

export interface ChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean | null };
}

export type ChatToolChoice = 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } };

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean | null } | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  top_k?: number | null;
  stop?: string | string[] | null;
  n?: number | null;
  tools?: ChatTool[] | null;
  tool_choice?: ChatToolChoice | null;
  parallel_tool_calls?: boolean | null;
  response_format?: { type: string; json_schema?: { name?: string; schema?: Record<string, unknown>; strict?: boolean } } | null;
  reasoning_effort?: string | null;
  /** OpenRouter's reasoning switch (budget in tokens), set when a Claude `thinking` request goes there */
  reasoning?: { enabled?: boolean; max_tokens?: number; effort?: string } | null;
  user?: string | null;
  [k: string]: unknown;
}

export type ChatFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call' | 'max_tokens' | null;

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: Array<{ index: number; message: ChatMessage; finish_reason: ChatFinishReason; [k: string]: unknown }>;
  usage?: OpenAiUsage | null;
  system_fingerprint?: string | null;
  [k: string]: unknown;
}

export interface ChatChunkToolCall {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
  extra_content?: ChatToolCallExtraContent;
}

export interface ChatChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: Array<{
    index: number;
    delta: { role?: 'assistant'; content?: string | null; reasoning_content?: string | null; tool_calls?: ChatChunkToolCall[] | null; [k: string]: unknown };
    finish_reason: ChatFinishReason;
    [k: string]: unknown;
  }>;
  usage?: OpenAiUsage | null;
  [k: string]: unknown;
}

/** POST /v1/embeddings, as far as the gateway converts it. */
export interface EmbeddingRequest {
  model: string;
  input: string | string[] | number[] | number[][];
  dimensions?: number | null;
  encoding_format?: string | null;
  user?: string | null;
  [k: string]: unknown;
}

export interface EmbeddingResponse {
  object: 'list';
  data: Array<{ object: 'embedding'; embedding: number[] | string; index: number }>;
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}
