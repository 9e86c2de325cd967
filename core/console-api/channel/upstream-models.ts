import { request } from 'undici';
import { z } from 'zod';
import { providerOf } from '../../providers/registry.js';
import { outboundDispatcher } from '../../upstream/outbound-policy.js';
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
 * Where each provider lists its models (new-api's fetch_models): OpenAI-compatible hosts at {base}/v1/models
 * with a Bearer key; Anthropic the same path with x-api-key and anthropic-version; Gemini its native
 * /v1beta/models with x-goog-api-key (ids without the models/ prefix, paged); Ali its compatible mode. An
 * empty base URL means the type's default from the registry.
 */
export function modelListRequest(type: number, baseUrl: string, key: string, pageToken?: string): ModelListRequest {
  const base = (baseUrl.trim() || providerOf(type).defaultBaseUrl).replace(/\/+$/, '');
  switch (type) {
    case 14:
      return { url: `${base}/v1/models`, headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' }, ids: openAiIds };
    case 24: {
      const query = new URLSearchParams({ pageSize: '1000', ...(pageToken ? { pageToken } : {}) });
      return {
        url: `${base}/v1beta/models?${query}`,
        headers: { 'x-goog-api-key': key },
        ids: (body) => {
          const list = geminiList.parse(body);
          return { ids: (list.models ?? []).map((m) => m.name.replace(/^models\//, '')), next: list.nextPageToken || undefined };
        },
      };
    }
    case 17:
      return { url: `${base}/compatible-mode/v1/models`, headers: { authorization: `Bearer ${key}` }, ids: openAiIds };
    default:
      return { url: `${base}/v1/models`, headers: { authorization: `Bearer ${key}` }, ids: openAiIds };
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

// The channel's host is the admin's choice and may sit on a private network; metadata, link-local and
// reserved addresses are still refused.
const dispatcher = outboundDispatcher({ kind: 'admin-url' });
const TIMEOUT_MS = 15_000;
const MAX_BODY_BYTES = 8 << 20;
const MAX_PAGES = 20;

async function fetchPage(req: ModelListRequest): Promise<{ ids: string[]; next?: string }> {
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

/** The model ids the provider lists for this key, de-duplicated in order. */
export async function fetchUpstreamModels(type: number, baseUrl: string, key: string): Promise<string[]> {
  const ids: string[] = [];
  let next: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const got = await fetchPage(modelListRequest(type, baseUrl, key, next));
    ids.push(...got.ids);
    next = got.next;
    if (!next) break;
  }
  return [...new Set(ids)];
}
