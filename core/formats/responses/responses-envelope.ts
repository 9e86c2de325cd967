import type { ChatFinishReason, OpenAiUsage } from '../openai/chat-types.js';
import { openAiUsageToResponses } from './responses-usage.js';
import type { ResponsesOutputItem, ResponsesResponse } from './responses-types.js';

export interface ResponseMeta {
  id: string;
  model: string;
  /** unix seconds */
  createdAt: number;
}

/** Chat's finish reasons as a Responses status: a cut-off answer is `incomplete`, with the reason the API names. */
export function responseStatus(finish: ChatFinishReason | undefined): Pick<ResponsesResponse, 'status' | 'incomplete_details'> {
  if (finish === 'length' || finish === 'max_tokens') return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (finish === 'content_filter') return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

/** The response object, as both the non-stream answer and the stream's closing event carry it. */
export function buildResponse(meta: ResponseMeta, output: ResponsesOutputItem[], usage: OpenAiUsage | null, finish: ChatFinishReason | undefined): ResponsesResponse {
  return {
    id: meta.id,
    object: 'response',
    created_at: meta.createdAt,
    ...responseStatus(finish),
    error: null,
    model: meta.model,
    output,
    usage: usage ? openAiUsageToResponses(usage) : null,
  };
}

/** Ids in the Responses style, derived from the upstream's so that a log line can be matched to both. */
export const responseId = (chatId: string) => (chatId.startsWith('resp_') ? chatId : `resp_${chatId.replace(/^chatcmpl-/, '')}`);
export const itemId = (prefix: 'msg' | 'fc' | 'rs', base: string, n: number) => `${prefix}_${base.replace(/^(resp_|chatcmpl-)/, '')}_${n}`;
