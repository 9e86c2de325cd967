import { describe, expect, it } from 'vitest';
import { INVALID_SEARCH_CONTEXT_SIZE_MESSAGE, WEB_SEARCH_TOOL_PRICE_PER_THOUSAND } from '../billing/tool-call-price.js';
import { billedTools, toolQuotaExtras } from './billed-tools.js';
import { RelayError } from './relay-error.js';

const chat = (model: string, body: Record<string, unknown> = {}) => ({ format: 'openai' as const, kind: 'chat' as const, model, body: { model, ...body } });
const responses = (tools: unknown, model = 'gpt-4o') => ({ format: 'responses' as const, kind: 'chat' as const, model, body: { model, tools } });
const calls = (webSearch: number, fileSearch = 0) => ({ webSearch, fileSearch });

describe('billedTools', () => {
  it.each([
    ['a chat request without search', chat('gpt-4o'), null],
    ['a chat request with web_search_options on a model that is not search-preview', chat('gpt-4o', { web_search_options: { search_context_size: 'high' } }), null],
    ['a search-preview chat model without options: medium', chat('gpt-4o-search-preview'), { chatSearch: 'medium' }],
    ['a search-preview chat model with a size', chat('gpt-4o-mini-search-preview', { web_search_options: { search_context_size: 'low' } }), { chatSearch: 'low' }],
    ['an empty size is medium', chat('gpt-4o-search-preview', { web_search_options: { search_context_size: '' } }), { chatSearch: 'medium' }],
    ['completions never search', { ...chat('gpt-4o-search-preview'), kind: 'completions' as const }, null],
    ['a Claude client is never billed per call', { ...chat('gpt-4o-search-preview'), format: 'claude' as const }, null],
    ['Responses without tools', responses(undefined), null],
    ['Responses with a function tool only', responses([{ type: 'function', name: 'f' }]), null],
    ['web_search_preview at its size', responses([{ type: 'web_search_preview', search_context_size: 'high' }]), { webSearch: { size: 'high' } }],
    ['web_search_preview defaults to medium', responses([{ type: 'web_search_preview' }]), { webSearch: { size: 'medium' } }],
    ['the dated preview type', responses([{ type: 'web_search_preview_2025_03_11', search_context_size: 'low' }]), { webSearch: { size: 'low' } }],
    ['the GA web_search tool at its flat price', responses([{ type: 'web_search', search_context_size: 'low' }]), { webSearch: { size: 'low', price: WEB_SEARCH_TOOL_PRICE_PER_THOUSAND } }],
    ['the preview tool wins over the GA one', responses([{ type: 'web_search' }, { type: 'web_search_preview', search_context_size: 'high' }]), { webSearch: { size: 'high' } }],
    ['file_search', responses([{ type: 'file_search', vector_store_ids: ['vs'] }]), { fileSearch: true }],
    ['both, junk tools ignored', responses([null, 'x', { type: 3 }, { type: 'file_search' }, { type: 'web_search_preview' }]), { webSearch: { size: 'medium' }, fileSearch: true }],
  ])('%s', (_name, req, expected) => {
    expect(billedTools(req)).toEqual(expected);
  });

  it.each([
    ['chat web_search_options', chat('gpt-4o-search-preview', { web_search_options: { search_context_size: 'huge' } })],
    ['chat web_search_options on any OpenAI chat model', chat('gpt-4o', { web_search_options: { search_context_size: 'HIGH' } })],
    ['a non-string size', chat('gpt-4o-search-preview', { web_search_options: { search_context_size: 3 } })],
    ['a Responses web_search_preview tool', responses([{ type: 'web_search_preview', search_context_size: 'huge' }])],
    ['a Responses web_search tool', responses([{ type: 'web_search', search_context_size: 'max' }])],
  ])('refuses an unknown search_context_size in %s with a local 400', (_name, req) => {
    let err: unknown;
    try {
      billedTools(req);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RelayError);
    expect(err).toMatchObject({ status: 400, message: INVALID_SEARCH_CONTEXT_SIZE_MESSAGE, code: 'invalid_request', type: 'invalid_request_error', local: true });
  });
});

describe('toolQuotaExtras', () => {
  it.each([
    ['nothing declared', null, calls(3, 2), { model: 'gpt-4o' }],
    ['a search-preview chat model: one call whatever the answer', { chatSearch: 'low' as const }, undefined, { model: 'gpt-4o', webSearchCalls: 1, webSearchContextSize: 'low' }],
    ['declared preview, two calls', { webSearch: { size: 'high' as const } }, calls(2), { model: 'gpt-4o', webSearchCalls: 2, webSearchContextSize: 'high' }],
    ['declared but never called', { webSearch: { size: 'high' as const }, fileSearch: true as const }, calls(0, 0), { model: 'gpt-4o' }],
    ['declared, no count known', { webSearch: { size: 'high' as const } }, undefined, { model: 'gpt-4o' }],
    ['the GA tool carries its price', { webSearch: { size: 'medium' as const, price: 10 } }, calls(1), { model: 'gpt-4o', webSearchCalls: 1, webSearchContextSize: 'medium', webSearchPrice: 10 }],
    ['only declared tools are billed', { fileSearch: true as const }, calls(4, 1), { model: 'gpt-4o', fileSearchCalls: 1 }],
    ["Claude's web searches, nothing declared (Anthropic searches only when asked)", null, { ...calls(0), claudeWebSearch: 2 }, { model: 'gpt-4o', claudeWebSearchCalls: 2 }],
    ["Claude's web searches beside a search-preview chat model", { chatSearch: 'low' as const }, { ...calls(0), claudeWebSearch: 1 }, { model: 'gpt-4o', claudeWebSearchCalls: 1, webSearchCalls: 1, webSearchContextSize: 'low' }],
    ["Claude's web searches beside declared OpenAI tools", { fileSearch: true as const }, { ...calls(0, 1), claudeWebSearch: 3 }, { model: 'gpt-4o', claudeWebSearchCalls: 3, fileSearchCalls: 1 }],
    ['no Claude web search reported', null, { ...calls(0), claudeWebSearch: 0 }, { model: 'gpt-4o' }],
  ])('%s', (_name, tools, seen, expected) => {
    expect(toolQuotaExtras('gpt-4o', tools, seen)).toEqual(expected);
  });
});
