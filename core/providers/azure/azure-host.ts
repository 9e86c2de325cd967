import type { OpenAiHost } from '../provider.js';

/** new-api's api-version when neither the client's query nor the channel's `other` gives one (AZURE_DEFAULT_API_VERSION). */
export const AZURE_DEFAULT_API_VERSION = '2025-04-01-preview';

/** new-api's AzureNoRemoveDotTime: channels created from 2025-05-10 keep the dots of the model in the deployment name. */
export const AZURE_KEEP_DOTS_SINCE = Date.UTC(2025, 4, 10) / 1000;

/** The deployment a model (after model mapping) is sent to: gpt-4.1 → gpt-41 on channels older than the cut-off. */
export const azureDeployment = (model: string, channelCreatedTime: number): string =>
  channelCreatedTime < AZURE_KEEP_DOTS_SINCE ? model.replaceAll('.', '') : model;

/**
 * Azure OpenAI (type 3): `{base}/openai/deployments/{deployment}/{task}?api-version=…`, the version from the
 * client's query, else the channel's `other`, else the default; the key in `api-key`.
 */
export const AZURE_HOST: OpenAiHost = {
  url: ({ ch, base, path, query, model, azureApiVersion }) => {
    const version = new URLSearchParams(query).get('api-version') || ch.other.trim() || azureApiVersion;
    const task = path.replace(/^\/v1\//, '');
    return `${base}/openai/deployments/${encodeURIComponent(azureDeployment(model, ch.createdTime))}/${task}?api-version=${encodeURIComponent(version)}`;
  },
  headers: (_ch, key) => ({ 'api-key': key }),
};
