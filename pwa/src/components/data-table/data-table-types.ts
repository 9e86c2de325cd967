import type { ReactNode } from 'react';

export type RowKey = string | number;

export interface Column<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
  align?: 'left' | 'right' | 'center';
  /** In phone cards: the card heading, the action row at the bottom, hidden, or a label/value line. */
  mobile?: 'title' | 'footer' | 'hidden' | 'field';
  /** Makes the header a sort toggle; the rows on screen are ordered by this value. */
  sortValue?: (row: T) => number | string;
}

export interface Selection {
  selected: ReadonlySet<RowKey>;
  onChange: (next: Set<RowKey>) => void;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => RowKey;
  loading?: boolean;
  empty?: ReactNode;
  selection?: Selection;
  /** When set, clicking a row toggles an expanded panel under it. */
  renderExpanded?: (row: T) => ReactNode;
  /** Sort state as it lives in the URL: "id" ascending, "-id" descending, "" unsorted. */
  sort?: string;
  onSortChange?: (sort: string) => void;
  /** Columns mapped to false are left out (the saved column settings). */
  columnVisibility?: Readonly<Partial<Record<string, boolean>>>;
  /** Extra classes for a row (e.g. dimmed rows that allow no action). */
  rowClassName?: (row: T) => string | undefined;
  className?: string;
}

export const alignClass = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;
