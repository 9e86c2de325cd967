import type { TextQuotaExtras } from '../billing/compute-quota.js';
import { INVALID_SEARCH_CONTEXT_SIZE_MESSAGE, SEARCH_CONTEXT_SIZES, type SearchContextSize, WEB_SEARCH_TOOL_PRICE_PER_THOUSAND } from '../billing/tool-call-price.js';
import { isRecord } from '../contracts/is-record.js';
import type { BuiltInToolCalls } from '../formats/format-contracts.js';
import { localError } from './relay-error.js';
import type { RelayRequest } from './relay-request.js';

/** The per-call tools a request may be billed for, read from its body once, before any cost. */
export interface BilledTools {
  /** a chat `*search-preview` model: exactly one web search call, whatever the answer */
  chatSearch?: SearchContextSize;
  /** a Responses web search tool: one call per `web_search_call` item; `price` set for the GA tool's flat price */
  webSearch?: { size: SearchContextSize; price?: number };
  /** a Responses file_search tool: one call per `file_search_call` item */
  fileSearch?: true;
}

const PREVIEW = /^web_search_preview(_\d{4}_\d{2}_\d{2})?$/;
const GA = /^web_search(_\d{4}_\d{2}_\d{2})?$/;

/** A `search_context_size`: medium when absent or empty, a 400 before any cost when not one of the three. */
function contextSize(value: unknown): SearchContextSize {
  if (value === undefined || value === null || value === '') return 'medium';
  if (SEARCH_CONTEXT_SIZES.includes(value as SearchContextSize)) return value as SearchContextSize;
  throw localError(400, INVALID_SEARCH_CONTEXT_SIZE_MESSAGE, 'invalid_request', 'invalid_request_error');
}

/**
 * What new-api bills per call for this request (service/quota.go postConsumeQuota): an OpenAI chat model
 * named `*search-preview` is one web search at `web_search_options.search_context_size`; a Responses
 * request is billed only for the built-in tools it declared (new-api's BuiltInTools), web_search_preview
 * at B's price by context size, the GA `web_search` at its flat price when no preview tool is declared.
 * Throws the 400 of an unknown context size. null: nothing to bill (the common case).
 */
export function billedTools(req: Pick<RelayRequest, 'format' | 'kind' | 'model' | 'body'>): BilledTools | null {
  if (req.format === 'openai') {
    const options = req.body.web_search_options;
    const size = isRecord(options) ? contextSize(options.search_context_size) : 'medium';
    return req.kind === 'chat' && req.model.endsWith('search-preview') ? { chatSearch: size } : null;
  }
  if (req.format !== 'responses' || !Array.isArray(req.body.tools)) return null;
  let preview: SearchContextSize | undefined;
  let ga: SearchContextSize | undefined;
  let file = false;
  for (const tool of req.body.tools) {
    if (!isRecord(tool) || typeof tool.type !== 'string') continue;
    if (PREVIEW.test(tool.type)) preview ??= contextSize(tool.search_context_size);
    else if (GA.test(tool.type)) ga ??= contextSize(tool.search_context_size);
    else if (tool.type === 'file_search') file = true;
  }
  const tools: BilledTools = {};
  if (preview) tools.webSearch = { size: preview };
  else if (ga) tools.webSearch = { size: ga, price: WEB_SEARCH_TOOL_PRICE_PER_THOUSAND };
  if (file) tools.fileSearch = true;
  return tools.webSearch || tools.fileSearch ? tools : null;
}

/**
 * The surcharge inputs of the quota: OpenAI's declared tools × the calls the answer listed, and every web search
 * a Claude answer reported (Anthropic searches only when the request declared its tool, so no check is needed).
 */
export function toolQuotaExtras(model: string, tools: BilledTools | null, calls: BuiltInToolCalls | undefined): TextQuotaExtras {
  const extras: TextQuotaExtras = { model };
  if (calls?.claudeWebSearch) extras.claudeWebSearchCalls = calls.claudeWebSearch;
  if (!tools) return extras;
  if (tools.chatSearch) return Object.assign(extras, { webSearchCalls: 1, webSearchContextSize: tools.chatSearch });
  if (tools.webSearch && calls?.webSearch) {
    extras.webSearchCalls = calls.webSearch;
    extras.webSearchContextSize = tools.webSearch.size;
    if (tools.webSearch.price !== undefined) extras.webSearchPrice = tools.webSearch.price;
  }
  if (tools.fileSearch && calls?.fileSearch) extras.fileSearchCalls = calls.fileSearch;
  return extras;
}
