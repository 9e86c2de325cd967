import type { RelayFailure } from '../format-contracts.js';

/** Google's Model resource, as far as the gateway knows its models (limits it does not know are left out). */
export interface GeminiModelResource {
  name: string;
  baseModelId: string;
  version: string;
  displayName: string;
  supportedGenerationMethods: string[];
}

const EMBEDDING = /embed/i;

/** `gemini-2.5-flash` or `models/gemini-2.5-flash` as the model resource Gemini clients list and retrieve. */
export function geminiModelResource(model: string): GeminiModelResource {
  const id = model.replace(/^models\//, '');
  return {
    name: `models/${id}`,
    baseModelId: id,
    version: '001',
    displayName: id,
    supportedGenerationMethods: EMBEDDING.test(id) ? ['embedContent', 'batchEmbedContents'] : ['generateContent', 'streamGenerateContent', 'countTokens'],
  };
}

/** The body of `GET /v1beta/models`: every model once, in the order given, on one page (no nextPageToken). */
export function geminiModelsList(models: readonly string[]): { models: GeminiModelResource[] } {
  const ids = [...new Set(models.map((m) => m.replace(/^models\//, '')))];
  return { models: ids.map(geminiModelResource) };
}

/** `GET /v1beta/models/{model}` for a model the caller cannot use, in Google's words. */
export function geminiModelNotFound(model: string, version = 'v1beta'): RelayFailure {
  const id = model.replace(/^models\//, '');
  return {
    status: 404,
    message: `models/${id} is not found for API version ${version}, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
    type: 'NOT_FOUND',
    code: 404,
  };
}
