import { PROVIDERS } from '../../providers/registry.js';

/**
 * The built-in model list of each channel type, as GET /api/models serves it (new-api builds the same
 * map at boot from each adaptor's ModelList): the registry rows' models, for the types that have a list.
 * The console uses it to pre-fill a channel's models, so it only needs to be a sensible starting point.
 */
export const CHANNEL_TYPE_MODELS: Readonly<Record<number, readonly string[]>> = Object.fromEntries(
  Object.values(PROVIDERS)
    .filter((p) => p.models.length > 0)
    .map((p) => [p.id, p.models]),
);
