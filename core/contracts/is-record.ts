/** A JSON object (not null, not an array): the guard for walking a parsed body of unknown shape. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
