import type { Column } from './data-table-types';

export interface SortState {
  id: string;
  desc: boolean;
}

/** "quota" → ascending by quota, "-quota" → descending, "" → the server's order. */
export function parseSort(sort: string | undefined): SortState | null {
  if (!sort) return null;
  const desc = sort.startsWith('-');
  const id = desc ? sort.slice(1) : sort;
  return id ? { id, desc } : null;
}

/** A header click cycles a column through ascending, descending and unsorted. */
export function nextSort(sort: string | undefined, id: string): string {
  const current = parseSort(sort);
  if (current?.id !== id) return id;
  return current.desc ? '' : `-${id}`;
}

/** The rows ordered by the sorted column's value; ties keep the server's order. */
export function sortRows<T>(rows: T[], columns: Column<T>[], sort: string | undefined): T[] {
  const state = parseSort(sort);
  const value = state ? columns.find((c) => c.id === state.id)?.sortValue : undefined;
  if (!state || !value) return rows;
  const direction = state.desc ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const order = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : String(a.key).localeCompare(String(b.key));
      return order === 0 ? a.index - b.index : order * direction;
    })
    .map((entry) => entry.row);
}
