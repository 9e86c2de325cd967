import type { RowKey } from './data-table-types';

/** A copy of the set with `key` added, or removed when it was there (row selection, expanded rows). */
export function toggleKey(set: ReadonlySet<RowKey>, key: RowKey): Set<RowKey> {
  const next = new Set(set);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}
