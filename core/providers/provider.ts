import type { ChannelConfig } from '../actors/channel-config.js';
import type { ChannelTypeOption } from '../contracts/channel-types.js';
import type { OutboundPolicy } from '../upstream/outbound-policy.js';
import type { UpstreamCall as UpstreamSending, UpstreamClient, UpstreamRequest } from '../upstream/upstream-client.js';
import type { HubAdapter } from './hub-adapter.js';
import type { MediaAdapter } from './media-adapter.js';

/** The wire format a channel's upstream speaks; `hub`: its own protocol, reached through the OpenAI hub by a HubAdapter. */
export type Dialect = 'openai' | 'claude' | 'gemini' | 'hub';

/** One OpenAI-form request to a host: the channel, its base URL, the OpenAI path and query, the upstream model. */
export interface HostCall {
  ch: ChannelConfig;
  base: string;
  /** /v1/chat/completions, /v1/completions, /v1/embeddings or /v1/responses */
  path: string;
  query: string;
  model: string;
  /** the api-version when neither the client nor the channel gives one (env AZURE_DEFAULT_API_VERSION) */
  azureApiVersion: string;
}

/**
 * What an OpenAI-dialect host does differently from api.openai.com: where a path goes and how the key is
 * sent. Pure; a host that signs or fetches tokens would need an async step the relay does not have yet.
 */
export interface OpenAiHost {
  url(call: HostCall): string;
  headers(ch: ChannelConfig, key: string): Record<string, string>;
  /**
   * A /v1/responses (or compaction) body as the host takes it, from the client's with the upstream model;
   * the channel's param_override is laid over what it returns, as new-api lays it over its adaptor's
   * ConvertOpenAIResponsesRequest. Absent: the client's body goes as it came.
   */
  responsesBody?(body: Readonly<Record<string, unknown>>, compact: boolean): Record<string, unknown>;
}

/** What is sent to the channel: where, with which credentials, and the body in the channel's dialect. */
export interface UpstreamCall {
  url: string;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** What an `authorize` hook knows besides the built call. */
export interface AuthorizeContext {
  ch: ChannelConfig;
  /** the one key picked for this attempt (a multi-key channel's line or JSON document) */
  key: string;
  /** the upstream model, after the channel's model mapping */
  model: string;
  /** whether the client asked for a stream */
  stream: boolean;
  /** the relay's upstream client: token fetches go through it, so the outbound policy applies to them too */
  upstream: UpstreamClient;
  /** where Codex refreshes its OAuth tokens (env CODEX_OAUTH_TOKEN_ENDPOINT); absent: new-api's */
  codexTokenEndpoint?: string;
  /** stores a rewritten key in place of this one (a rotated OAuth refresh token must outlive the process) */
  saveKey?: (key: string) => Promise<void>;
}

/**
 * The async step of a provider that signs requests or fetches tokens (Vertex OAuth2, Bedrock SigV4, Baidu
 * access_token): it gets the call as the dialect built it and returns the one to send. Whatever it throws is
 * a failure of the channel (the relay retries elsewhere and counts it toward the channel's health).
 */
export type Authorize = (call: UpstreamCall, ctx: AuthorizeContext) => Promise<UpstreamCall>;

/** What a `transport` hook knows besides the request it sends. */
export interface TransportContext {
  ch: ChannelConfig;
  /** the policy the channels' HTTP client connects under: a transport checks the address it connects to with it */
  policy: OutboundPolicy;
}

/**
 * How a row whose upstream is not HTTP (Xunfei Spark's WebSocket) sends the built call: in place of the
 * relay's HTTP client, answering as it does (a head, then a body read chunk by chunk, SSE for the hub's stream
 * reader), so settling, retries, health, billing and translation stay the relay's.
 */
export type Transport = (request: UpstreamRequest, ctx: TransportContext) => UpstreamSending;

/** An upstream body read chunk by chunk; `destroy` cancels the rest (UpstreamBody, or a re-framing of one). */
export interface StreamBody extends AsyncIterable<Buffer> {
  destroy(): void;
}

/** An upstream stream body in another framing than SSE, re-framed as the SSE the dialect's translator reads. */
export type StreamReframe = (body: StreamBody) => StreamBody;

/**
 * Where a provider lists its models (fetch_models), and how the key and ids travel; `builtin`: no list call
 * (Codex's key is an OAuth document, not a Bearer key for /v1/models), the row's own models are the answer.
 */
export type ModelListStyle = 'openai' | 'anthropic' | 'gemini' | 'builtin';

export interface ModelList {
  style: ModelListStyle;
  /** path under the base URL */
  path: string;
}

/** A balance read with one GET; `read` throws the provider's refusal as an Error. */
export interface BalanceEndpoint {
  kind: 'endpoint';
  /** the host new-api queries; a channel's own base URL (a relay in front of the provider) wins */
  host: string;
  path: string;
  auth: 'bearer' | 'api-key';
  read(body: unknown): number;
}

/** OpenAI's dashboard subscription and usage calls, on the channel's base URL or the type's default. */
export type BalanceSource = BalanceEndpoint | { kind: 'openai-dashboard' };

/** One channel type: the console's facts (ChannelTypeOption) and the server's. */
export interface Provider extends ChannelTypeOption {
  /** the zh label, as logs and owned_by show it */
  name: string;
  /** the wire format the relay speaks to it; null when no adapter exists yet (the relay refuses it) */
  dialect: Dialect | null;
  defaultBaseUrl: string;
  /** the built-in model list GET /api/models serves and the console pre-fills */
  models: readonly string[];
  /** whether stream_options.include_usage may be sent upstream */
  streamOptions: boolean;
  /** whether /v1/responses passes through as it came (other OpenAI-dialect hosts get chat completions) */
  responsesApi: boolean;
  /** where fetch_models asks (new-api's default, {base}/v1/models with a Bearer key, unless the host differs) */
  modelList: ModelList;
  balance: BalanceSource | null;
  /** composite-key check, paired with the console's keyHint */
  keyValid: ((key: string) => boolean) | null;
  /** keys are JSON documents (a JSON array of them for several), not lines */
  jsonKeys: boolean;
  /** a Claude request translated for it keeps its system blocks cache-controlled (OpenRouter's anthropic/claude*) */
  keepsClaudeCacheControl: boolean;
  /** the OpenAI-dialect host's differences; absent for api.openai.com's layout with a Bearer key */
  host: Partial<OpenAiHost> | null;
  /** a type serving several wire formats (Vertex: Gemini and Claude models) picks one per upstream model */
  dialectFor?: (model: string) => Dialect;
  /** Claude's image and document `url` sources are refused there (Bedrock, Vertex): the gateway fetches them and sends base64 */
  claudeWithoutUrlSources?: boolean;
  /** signs the call or adds a fetched token; only rows that have it make the relay await anything */
  authorize?: Authorize;
  /**
   * Drops the token cached for the key (fetched by `authorize`, or signed by the host's headers) once the
   * upstream refused an attempt's credentials, so the next attempt fetches or signs a fresh one.
   */
  forgetToken?: (ctx: { ch: ChannelConfig; key: string }) => void;
  /** codes the upstream answers with, besides HTTP 401/403, when it refuses the token (Baidu's 110 and 111, inside a 200) */
  tokenRefusedCodes?: readonly (string | number)[];
  /** an upstream that is not HTTP: the call goes through this instead of the relay's HTTP client */
  transport?: Transport;
  /** a stream that is not SSE on the wire (Bedrock's AWS event stream) */
  reframeStream?: StreamReframe;
  /** the `hub` dialect's adapter: the provider's request, answer and stream in terms of the OpenAI hub */
  hub?: HubAdapter;
  /** serves /v1/responses only (Codex): other kinds are refused before anything is sent */
  responsesOnly?: boolean;
  /** serves POST /v1/alpha/search (new-api: Codex, Sub2API and Advanced Custom; here Codex) */
  alphaSearch?: boolean;
  /** a non-stream answer that arrives as an SSE stream (Codex always streams): the one JSON body it amounts to */
  collectStream?: (body: Buffer) => Buffer;
  /** media kinds served in the provider's own API (Replicate predictions), translated to and from OpenAI's */
  media?: MediaAdapter;
}
