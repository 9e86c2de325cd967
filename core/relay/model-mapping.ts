import { RelayError } from './relay-error.js';

/**
 * Follows a channel's model_mapping chain (a→b→c uses c). A self-map means "not mapped"; any other
 * cycle is an error, as in new-api.
 */
export function mapModel(model: string, mapping: Readonly<Record<string, string>>): { upstreamModel: string; mapped: boolean } {
  let current = model;
  const seen = new Set([model]);
  for (;;) {
    const next = mapping[current];
    if (typeof next !== 'string' || next === '' || next === current) break;
    if (seen.has(next)) {
      throw new RelayError(500, 'model_mapping_contains_cycle', { code: 'model_mapped_error', type: 'new_api_error' });
    }
    seen.add(next);
    current = next;
  }
  return { upstreamModel: current, mapped: current !== model };
}
