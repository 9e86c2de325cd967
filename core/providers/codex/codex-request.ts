import type { OpenAiHost } from '../provider.js';

// ChatGPT's Codex backend (chatgpt.com/backend-api/codex) as new-api's codex adaptor talks to it: only the
// Responses API, always streamed, never stored, with the headers Codex CLI sends.

/** new-api's codex ModelList (base names; a channel lists `<name>-openai-compact` to serve /v1/responses/compact). */
export const CODEX_MODELS: readonly string[] = [
  'gpt-5', 'gpt-5-codex', 'gpt-5-codex-mini', 'gpt-5.1', 'gpt-5.1-codex', 'gpt-5.1-codex-max', 'gpt-5.1-codex-mini',
  'gpt-5.2', 'gpt-5.2-codex', 'gpt-5.3-codex', 'gpt-5.3-codex-spark', 'gpt-5.4',
];

export const CODEX_RESPONSES_PATH = '/backend-api/codex/responses';
export const CODEX_COMPACT_PATH = '/backend-api/codex/responses/compact';
export const CODEX_USAGE_PATH = '/backend-api/wham/usage';
export const CODEX_RESET_CREDITS_PATH = '/backend-api/wham/rate-limit-reset-credits';
export const CODEX_RESET_CONSUME_PATH = '/backend-api/wham/rate-limit-reset-credits/consume';
export const CODEX_ALPHA_SEARCH_PATH = '/backend-api/codex/alpha/search';

/**
 * Every request goes to the Codex responses URL, a compaction to its compact one, an alpha search to its
 * search one; the relay refuses other kinds before building one (the row is responsesOnly). No credential
 * here: the access token is the authorize step's. The body is cleaned here, under the channel's
 * param_override; `stream: true` is the authorize step's, over it.
 */
export const CODEX_HOST: OpenAiHost = {
  url: ({ base, path }) => `${base.replace(/\/+$/, '')}${codexPath(path)}`,
  headers: () => ({}),
  responsesBody: codexBody,
};

const codexPath = (path: string): string => (path === '/v1/alpha/search' ? CODEX_ALPHA_SEARCH_PATH : path.endsWith('/compact') ? CODEX_COMPACT_PATH : CODEX_RESPONSES_PATH);

// Fields the Codex backend refuses (new-api drops them before sending).
const DROPPED = ['max_output_tokens', 'temperature', 'frequency_penalty', 'presence_penalty'] as const;

/**
 * The Responses body as Codex takes it (new-api's ConvertOpenAIResponsesRequest): `store: false`,
 * `instructions` present (an empty string when absent), without the fields the backend refuses. A channel's
 * param_override is laid over the result, so an operator may still send one of them. A compaction is not
 * streamed: its `stream` goes too.
 */
export function codexBody(body: Readonly<Record<string, unknown>>, compact = false): Record<string, unknown> {
  const out: Record<string, unknown> = Object.assign({}, body);
  for (const f of DROPPED) delete out[f];
  if (out.instructions === undefined || out.instructions === null) out.instructions = '';
  if (compact) delete out.stream;
  else out.store = false;
  return out;
}

/**
 * The body as sent (new-api's DoRequest): `stream: true` whatever the client or an override asked, since a
 * non-stream answer is collected from the stream.
 */
export function codexStreamedBody(body: string | Buffer): string {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    throw new Error('codex responses request body must be a JSON object');
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new Error('codex responses request body must be a JSON object');
  return JSON.stringify(Object.assign(doc, { stream: true }));
}

/**
 * The headers new-api sets on a Codex call, laid over the call's (an operator's OpenAI-Beta or originator
 * wins); `json`: a call answered with one JSON body (a compaction, an alpha search), not a stream.
 */
export function codexHeaders(given: Record<string, string>, accessToken: string, accountId: string, json = false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    const lower = name.toLowerCase();
    if (lower !== 'authorization' && lower !== 'content-type' && lower !== 'accept') out[lower] = value;
  }
  out.authorization = `Bearer ${accessToken}`;
  out['chatgpt-account-id'] = accountId;
  out['openai-beta'] ??= 'responses=experimental';
  out.originator ??= 'codex_cli_rs';
  // the backend is strict about the media type, and always answers a stream (a compaction: one JSON body)
  out['content-type'] = 'application/json';
  out.accept = json ? 'application/json' : 'text/event-stream';
  return out;
}

/** A ChatGPT account call (/backend-api/wham/…) for the admin's Codex routes: usage, reset credits, a reset. */
export function codexWhamRequest(base: string, path: string, accessToken: string, accountId: string): { url: string; headers: Record<string, string> } {
  return {
    url: `${base.replace(/\/+$/, '')}${path}`,
    headers: { authorization: `Bearer ${accessToken}`, 'chatgpt-account-id': accountId, accept: 'application/json', originator: 'codex_cli_rs' },
  };
}

/** The ChatGPT usage call (GET /backend-api/wham/usage) for the admin's usage route. */
export const codexUsageRequest = (base: string, accessToken: string, accountId: string) => codexWhamRequest(base, CODEX_USAGE_PATH, accessToken, accountId);
