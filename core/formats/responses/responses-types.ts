/**
 * OpenAI Responses API shapes (POST /v1/responses), as far as the gateway reads or writes them.
 * Tolerant: unknown keys are kept, so a passthrough loses nothing and a translation ignores what chat cannot say.
 */

export interface ResponsesInputText {
  type: 'input_text' | 'output_text' | 'text';
  text: string;
}
export interface ResponsesInputImage {
  type: 'input_image';
  image_url?: string | null;
  file_id?: string | null;
  detail?: string | null;
}
export interface ResponsesInputFile {
  type: 'input_file';
  file_data?: string | null;
  file_id?: string | null;
  filename?: string | null;
}
export type ResponsesContent = ResponsesInputText | ResponsesInputImage | ResponsesInputFile | { type: string; [k: string]: unknown };

export interface ResponsesMessageItem {
  type?: 'message';
  role: 'user' | 'assistant' | 'system' | 'developer';
  content: string | ResponsesContent[];
  [k: string]: unknown;
}
export interface ResponsesFunctionCallItem {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
  [k: string]: unknown;
}
export interface ResponsesFunctionCallOutputItem {
  type: 'function_call_output';
  call_id: string;
  output: string | ResponsesContent[];
  [k: string]: unknown;
}
export type ResponsesInputItem =
  | ResponsesMessageItem
  | ResponsesFunctionCallItem
  | ResponsesFunctionCallOutputItem
  | { type: string; [k: string]: unknown };

export interface ResponsesFunctionTool {
  type: 'function';
  name: string;
  description?: string | null;
  parameters?: Record<string, unknown> | null;
  strict?: boolean | null;
}

export interface ResponsesRequest {
  model: string;
  input: string | ResponsesInputItem[];
  instructions?: string | null;
  stream?: boolean | null;
  max_output_tokens?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  tools?: Array<ResponsesFunctionTool | { type: string; [k: string]: unknown }> | null;
  tool_choice?: string | { type: string; name?: string } | null;
  parallel_tool_calls?: boolean | null;
  reasoning?: { effort?: string | null; summary?: string | null } | null;
  text?: { format?: { type: string; name?: string; schema?: Record<string, unknown>; strict?: boolean | null } | null } | null;
  previous_response_id?: string | null;
  user?: string | null;
  [k: string]: unknown;
}

export interface ResponsesUsage {
  input_tokens: number;
  input_tokens_details?: { cached_tokens?: number | null } | null;
  output_tokens: number;
  output_tokens_details?: { reasoning_tokens?: number | null } | null;
  total_tokens: number;
}

export type ResponsesOutputItem =
  | { type: 'message'; id: string; role: 'assistant'; status: 'completed' | 'in_progress' | 'incomplete'; content: Array<{ type: 'output_text'; text: string; annotations: unknown[] }> }
  | { type: 'function_call'; id: string; call_id: string; name: string; arguments: string; status: 'completed' | 'in_progress' }
  | { type: 'reasoning'; id: string; summary: Array<{ type: 'summary_text'; text: string }> };

export interface ResponsesResponse {
  id: string;
  object: 'response';
  created_at: number;
  status: 'completed' | 'incomplete' | 'in_progress' | 'failed';
  incomplete_details: { reason: string } | null;
  error: { code: string; message: string } | null;
  model: string;
  output: ResponsesOutputItem[];
  usage: ResponsesUsage | null;
  [k: string]: unknown;
}
