import { request, type Dispatcher } from 'undici';
import { z } from 'zod';
import { providerOf } from '../../providers/registry.js';
import { readCapped } from '../../upstream/read-capped.js';

/** One request for a provider's model list and how to read the ids from its answer. */
export interface ModelListRequest {
  url: string;
  headers: Record<string, string>;
  ids(body: unknown): { ids: string[]; next?: string };
}

const openAiList = z.object({ data: z.array(z.object({ id: z.string() }).loose()) }).loose();
const geminiList = z.object({ models: z.array(z.object({ name: z.string() }).loose()).optional(), nextPageToken: z.string().optional() }).loose();

const openAiIds = (body: unknown) => ({ ids: openAiList.parse(body).data.map((m) => m.id) });

/**
 * Where the channel's provider lists its models (new-api's fetch_models), from its registry row: OpenAI-style
 * lists with a Bearer key (at /v1/models, or the host's own prefix); Anthropic's with x-api-key and
 * anthropic-version; Gemini's native /v1beta/models with x-goog-api-key (ids without the models/ prefix,
 * paged). An empty base URL means the type's default.
 */
export function modelListRequest(type: number, baseUrl: string, key: string, pageToken?: string): ModelListRequest {
  const provider = providerOf(type);
  const base = (baseUrl.trim() || provider.defaultBaseUrl).replace(/\/+$/, '');
  const { style, path } = provider.modelList;
  switch (style) {
    case 'anthropic':
      return { url: `${base}${path}`, headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' }, ids: openAiIds };
    case 'gemini': {
      const query = new URLSearchParams({ pageSize: '1000', ...(pageToken ? { pageToken } : {}) });
      return {
        url: `${base}${path}?${query}`,
        headers: { 'x-goog-api-key': key },
        ids: (body) => {
          const list = geminiList.parse(body);
          return { ids: (list.models ?? []).map((m) => m.name.replace(/^models\//, '')), next: list.nextPageToken || undefined };
        },
      };
    }
    case 'openai':
      return { url: `${base}${path}`, headers: { authorization: `Bearer ${key}` }, ids: openAiIds };
    case 'builtin':
      // its key is not a Bearer key for any list (Codex's OAuth document): fetchUpstreamModels answers the row's own
      throw new Error(`channel type ${type} lists its models without a request`);
  }
}

/** Why a model list could not be had: the upstream's status, an unreadable answer, or no answer. */
export class ModelListError extends Error {
  constructor(
    readonly kind: 'status' | 'parse' | 'transport',
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;
const MAX_BODY_BYTES = 8 << 20;
const MAX_PAGES = 20;

async function fetchPage(req: ModelListRequest, dispatcher: Dispatcher): Promise<{ ids: string[]; next?: string }> {
  let res;
  try {
    res = await request(req.url, {
      headers: { accept: 'application/json', ...req.headers },
      dispatcher,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      signal: AbortSignal.timeout(TIMEOUT_MS * 2),
    });
  } catch (e) {
    throw new ModelListError('transport', e instanceof Error ? e.message : String(e));
  }
  let text: string;
  try {
    text = (await readCapped(res.body, MAX_BODY_BYTES)).toString('utf8');
  } catch (e) {
    throw new ModelListError('transport', e instanceof Error ? e.message : String(e));
  }
  if (res.statusCode < 200 || res.statusCode > 299) throw new ModelListError('status', `status code: ${res.statusCode}`, res.statusCode);
  try {
    return req.ids(JSON.parse(text) as unknown);
  } catch (e) {
    throw new ModelListError('parse', `解析响应失败: ${e instanceof z.ZodError ? 'unexpected model list' : e instanceof Error ? e.message : String(e)}`);
  }
}

/** The model ids the provider lists for this key, de-duplicated in order; a `builtin` row's own list without a call. */
export async function fetchUpstreamModels(type: number, baseUrl: string, key: string, dispatcher: Dispatcher): Promise<string[]> {
  const { modelList, models } = providerOf(type);
  // nothing is sent (no key leaves the gateway): the row's list is the answer
  if (modelList.style === 'builtin') return [...models];
  const ids: string[] = [];
  let next: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const got = await fetchPage(modelListRequest(type, baseUrl, key, next), dispatcher);
    ids.push(...got.ids);
    next = got.next;
    if (!next) break;
  }
  return [...new Set(ids)];
}
