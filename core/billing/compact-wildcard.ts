import { COMPACT_MODEL_SUFFIX } from '../relay/responses-compact.js';
import { lookupRatio } from './lookup-ratio.js';

/** The one ModelPrice / ModelRatio entry new-api falls back to for every compaction model (`gpt-5-openai-compact`, …). */
export const COMPACT_WILDCARD_KEY = `*${COMPACT_MODEL_SUFFIX}`;

/**
 * A model's entry in a price or ratio map as new-api's GetModelPrice and GetModelRatio find it: under its
 * own name, else, for a `…-openai-compact` name, under `*-openai-compact`, so an operator prices every
 * compaction once instead of once per base model. `key` is the name after the gizmo wildcard.
 */
export function lookupModelEntry(map: Readonly<Record<string, number>>, key: string): number | undefined {
  const own = lookupRatio(map, key);
  if (own !== undefined || !key.endsWith(COMPACT_MODEL_SUFFIX)) return own;
  return lookupRatio(map, COMPACT_WILDCARD_KEY);
}
