import type { RelayRequest } from './relay-request.js';

/**
 * POST /v1/responses/compact (new-api's RelayModeResponsesCompact): a Responses compaction, answered as one
 * JSON body with its usage. new-api routes and prices it under the model's `-openai-compact` name (a channel
 * lists `gpt-5-openai-compact` to serve it, a price is set for that name) and sends the base name upstream.
 */
export const COMPACT_MODEL_SUFFIX = '-openai-compact';

/** The name a compaction is routed, priced and logged under. */
export const compactModelName = (model: string): string => (model.endsWith(COMPACT_MODEL_SUFFIX) ? model : model + COMPACT_MODEL_SUFFIX);

/** The name the channel's model mapping and the upstream see: the suffix taken off again. */
export const compactBaseModel = (model: string): string => (model.endsWith(COMPACT_MODEL_SUFFIX) ? model.slice(0, -COMPACT_MODEL_SUFFIX.length) : model);

/** The parsed Responses request as a compaction: never a stream (the compaction has no stream form). */
export function compactRequest(req: RelayRequest): RelayRequest {
  return Object.assign({}, req, { model: compactModelName(req.model), stream: false, compact: true as const });
}
