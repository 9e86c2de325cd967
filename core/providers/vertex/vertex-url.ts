const DEFAULT_REGION = 'us-central1';

/**
 * The region of a model from the channel's `other`: a JSON map model → region (with an optional "default"),
 * or one region for all; us-central1 when unset (new-api's GetModelRegion).
 */
export function vertexRegion(other: string, model: string): string {
  const text = other.trim();
  if (text.startsWith('{')) {
    try {
      const map = JSON.parse(text) as Record<string, unknown>;
      const region = map[model] ?? map.default;
      return typeof region === 'string' && region ? region : DEFAULT_REGION;
    } catch {
      return DEFAULT_REGION;
    }
  }
  return text || DEFAULT_REGION;
}

/** Vertex names Claude models with an `@` before the date: claude-3-5-sonnet-20240620 → claude-3-5-sonnet@20240620. */
export const vertexClaudeModel = (model: string): string => model.replace(/-(\d{8})$/, '@$1');

/** The host of a region: the regional endpoint, or the global one; a channel base URL (a proxy, a test) wins. */
export function vertexHost(base: string, region: string): string {
  if (base) return base.replace(/\/+$/, '');
  return region === 'global' ? 'https://aiplatform.googleapis.com' : `https://${region}-aiplatform.googleapis.com`;
}

/** …/v1/projects/{p}/locations/{r}/publishers/{google|anthropic}/models/{m}:{action and query} */
export function vertexModelUrl(o: { base: string; project: string; region: string; publisher: 'google' | 'anthropic'; model: string; action: string }): string {
  const path = `/v1/projects/${encodeURIComponent(o.project)}/locations/${encodeURIComponent(o.region)}/publishers/${o.publisher}/models/${o.model}:${o.action}`;
  return vertexHost(o.base, o.region) + path;
}

/**
 * Vertex's OpenAI-compatible endpoint for open models served as a model-as-a-service (Llama, `…-maas`):
 * …/v1beta1/projects/{p}/locations/{r}/endpoints/openapi/chat/completions (new-api's RequestModeLlama).
 */
export function vertexOpenApiUrl(o: { base: string; project: string; region: string }): string {
  return `${vertexHost(o.base, o.region)}/v1beta1/projects/${encodeURIComponent(o.project)}/locations/${encodeURIComponent(o.region)}/endpoints/openapi/chat/completions`;
}
