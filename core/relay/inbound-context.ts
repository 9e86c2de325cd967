import type { InboundContext } from '../formats/format-contracts.js';
import { geminiAction, isMediaKind, type RelayEndpoint } from './endpoints.js';
import { localError } from './relay-error.js';

/** The request's kind, and for Gemini the model and stream mode its `{model}:{action}` path segment names. */
export function inboundContext(endpoint: RelayEndpoint, params: readonly string[]): InboundContext {
  const segment = params[0] ?? null;
  if (endpoint.format !== 'gemini' || endpoint.model !== 'path') {
    return { kind: endpointKind(endpoint), pathModel: endpoint.model === 'path' ? segment : null, pathStream: false, batch: false };
  }
  const action = segment ? geminiAction(decodeURIComponent(segment)) : null;
  if (!action || action.kind === 'models' || action.kind === 'model' || isMediaKind(action.kind)) throw localError(404, `unknown action in ${segment ?? ''}`, 404, 'NOT_FOUND');
  return { kind: action.kind, pathModel: action.model, pathStream: action.stream, batch: segment!.endsWith(':batchEmbedContents') };
}

function endpointKind(endpoint: RelayEndpoint): InboundContext['kind'] {
  if (endpoint.kind === 'models' || endpoint.kind === 'model' || isMediaKind(endpoint.kind)) throw new Error(`${endpoint.path} is not a relay route`);
  return endpoint.kind;
}
