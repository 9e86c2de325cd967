import type { ChannelConfig } from '../actors/channel-config.js';
import type { ChannelTypeOption } from '../contracts/channel-types.js';

/** The wire format a channel's upstream speaks. */
export type Dialect = 'openai' | 'claude' | 'gemini';

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
}

/** Where a provider lists its models (fetch_models), and how the key and ids travel. */
export type ModelListStyle = 'openai' | 'anthropic' | 'gemini';

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
}
