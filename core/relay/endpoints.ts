/**
 * The relay's routes: ONE table, walked by mount-relay.ts as the console walks its route table. A row says
 * which client format the body is in, what kind of request it is, where the model name comes from and which
 * query parameters may travel upstream (anything else — Gemini's `?key=` above all — stays here).
 */

import type { MediaKind } from '../formats/media/media-request.js';

export type { MediaKind } from '../formats/media/media-request.js';

export type ClientFormat = 'openai' | 'claude' | 'gemini' | 'responses';

/** What the request asks for; the channel's dialect decides how it is sent. */
export type RelayKind = 'chat' | 'completions' | 'embeddings' | 'count_tokens' | 'models' | 'model' | MediaKind;

const MEDIA_KINDS: ReadonlySet<RelayKind> = new Set<MediaKind>(['image_generation', 'image_edit', 'speech', 'transcription', 'translation', 'moderation', 'rerank', 'alpha_search']);

export const isMediaKind = (kind: RelayKind): kind is MediaKind => MEDIA_KINDS.has(kind);

export interface RelayEndpoint {
  method: 'get' | 'post';
  /** uWS pattern; `:x` parameters are read in order */
  path: string;
  format: ClientFormat;
  kind: RelayKind;
  /** `multipart`: multipart/form-data (image edits, transcriptions), capped like JSON by MAX_REQUEST_BODY_MB */
  body: 'json' | 'multipart' | 'none';
  /** `body`: the JSON's `model`; `path`: the first path parameter (Gemini's `{model}:{action}` segment) */
  model: 'body' | 'path';
  /** the client's query parameters that travel upstream: `all` but credentials (OpenAI, as new-api), or these */
  upstreamQuery: readonly string[] | 'all';
  /** the playground's session-authenticated twin of a token route */
  playground?: true;
  /** a Responses compaction (responses-compact.ts) */
  compact?: true;
}

/**
 * Xunfei Spark's version selector: new-api's adaptor reads `?api-version=` from the request whatever route it
 * came in on, so every format's rows let it reach the adapter (only Spark's reads a client query; other
 * dialects build their URLs without it).
 */
const SPARK_VERSION = 'api-version';

const post = (path: string, format: ClientFormat, kind: RelayKind, model: RelayEndpoint['model'] = 'body', upstreamQuery: RelayEndpoint['upstreamQuery'] = format === 'openai' ? 'all' : [SPARK_VERSION]): RelayEndpoint => ({
  method: 'post',
  path,
  format,
  kind,
  body: 'json',
  model,
  upstreamQuery,
});

const media = (path: string, kind: MediaKind, body: 'json' | 'multipart' = 'json'): RelayEndpoint => ({ ...post(path, 'openai', kind), body });

const get = (path: string, format: ClientFormat, kind: RelayKind): RelayEndpoint => ({ method: 'get', path, format, kind, body: 'none', model: 'path', upstreamQuery: [] });

export const RELAY_ENDPOINTS: readonly RelayEndpoint[] = [
  post('/v1/chat/completions', 'openai', 'chat'),
  { ...post('/pg/chat/completions', 'openai', 'chat'), playground: true },
  post('/v1/completions', 'openai', 'completions'),
  post('/v1/embeddings', 'openai', 'embeddings'),
  post('/v1/engines/:model/embeddings', 'openai', 'embeddings'),
  post('/v1/responses', 'responses', 'chat'),
  { ...post('/v1/responses/compact', 'responses', 'chat'), compact: true },
  post('/v1/messages', 'claude', 'chat'),
  post('/v1/messages/count_tokens', 'claude', 'count_tokens'),
  // `{model}:{action}` is one path segment; the action picks the kind (and `alt=sse` the stream form).
  post('/v1beta/models/:model', 'gemini', 'chat', 'path', ['alt', SPARK_VERSION]),
  // the Google SDKs with a custom base URL call the v1 path
  post('/v1/models/:model', 'gemini', 'chat', 'path', ['alt', SPARK_VERSION]),
  media('/v1/images/generations', 'image_generation'),
  media('/v1/images/edits', 'image_edit', 'multipart'),
  media('/v1/audio/speech', 'speech'),
  media('/v1/audio/transcriptions', 'transcription', 'multipart'),
  media('/v1/audio/translations', 'translation', 'multipart'),
  media('/v1/moderations', 'moderation'),
  media('/v1/rerank', 'rerank'),
  // Codex's web search (new-api relays it to Codex channels only, billed as one web_search_preview call)
  media('/v1/alpha/search', 'alpha_search'),
  get('/v1/models', 'openai', 'models'),
  get('/v1beta/openai/models', 'openai', 'models'),
  get('/v1/models/:model', 'openai', 'model'),
  get('/v1beta/models', 'gemini', 'models'),
  get('/v1beta/models/:model', 'gemini', 'model'),
];

/** Parameters that carry a credential: never sent upstream, whatever the row allows. */
const CREDENTIALS = new Set(['key', 'api_key', 'api-key', 'access_token', 'token']);

/** The part of the client's query string the row lets travel upstream. */
export function forwardedQuery(endpoint: RelayEndpoint, query: string): string {
  if (!query) return '';
  const params = new URLSearchParams(query);
  for (const name of [...params.keys()]) {
    const allowed = endpoint.upstreamQuery === 'all' || endpoint.upstreamQuery.includes(name);
    if (!allowed || CREDENTIALS.has(name.toLowerCase())) params.delete(name);
  }
  return params.toString();
}

/** Gemini's action from `{model}:{action}`: which kind of request it is, and whether it streams. */
export function geminiAction(segment: string): { model: string; kind: RelayKind; stream: boolean } | null {
  const at = segment.lastIndexOf(':');
  if (at <= 0) return null;
  const model = segment.slice(0, at);
  switch (segment.slice(at + 1)) {
    case 'generateContent':
      return { model, kind: 'chat', stream: false };
    case 'streamGenerateContent':
      return { model, kind: 'chat', stream: true };
    case 'countTokens':
      return { model, kind: 'count_tokens', stream: false };
    case 'embedContent':
    case 'batchEmbedContents':
      return { model, kind: 'embeddings', stream: false };
    default:
      return null;
  }
}
