import { api } from '../../lib/http-client';

/** One row of GET /api/option/: every value travels as a string (secrets are left out by the server). */
export interface OptionItem {
  key: string;
  value: string;
}

export type OptionMap = Readonly<Record<string, string>>;

/** GET /api/option/ (root): the list turned into a key → value map. */
export const listOptions = async (): Promise<OptionMap> => Object.fromEntries((await api.get<OptionItem[] | null>('/api/option/'))?.map((o) => [o.key, o.value]) ?? []);

/** PUT /api/option/ — one key per call, booleans as "true"/"false". */
export const updateOption = (key: string, value: string) => api.put<undefined>('/api/option/', { key, value });

/** POST /api/option/rest_model_ratio (sic): ModelRatio back to the built-in table. */
export const resetModelRatio = () => api.post<undefined>('/api/option/rest_model_ratio');

/** DELETE /api/log/?target_timestamp= (seconds): data = the number of rows removed. */
export const clearLogsBefore = (targetTimestamp: number) => api.delete<number>('/api/log/', { target_timestamp: targetTimestamp });

/** GET /api/channel/models_enabled (admin): the distinct model names of enabled channels. */
export const listEnabledModels = async (): Promise<string[]> => (await api.get<string[] | null>('/api/channel/models_enabled')) ?? [];

export interface OidcDiscovery {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}

/** The provider's discovery document, read by the server (the console's CSP allows no other origin). */
export const discoverOidc = (wellKnown: string) => api.get<OidcDiscovery>('/api/option/oidc_discovery', { well_known: wellKnown });
