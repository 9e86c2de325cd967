import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { cn } from '../../lib/class-names';
import { Checkbox } from '../ui/checkbox';
import { alignClass, type Column } from './data-table-types';
import { nextSort, parseSort } from './table-sort';

interface Props<T> {
  columns: Column<T>[];
  expandable: boolean;
  /** Present when rows can be selected. */
  selectAll?: { checked: boolean | 'indeterminate'; onToggle: () => void };
  sort?: string;
  onSortChange?: (sort: string) => void;
}

/** The header row: expand and select-all cells, then one cell per column (a sort toggle where sortable). */
export function DataTableHeader<T>({ columns, expandable, selectAll, sort, onSortChange }: Props<T>) {
  const active = parseSort(sort);
  return (
    <thead className="bg-muted/50 text-xs text-muted-foreground">
      <tr className="border-b">
        {expandable ? <th className="w-8" /> : null}
        {selectAll ? (
          <th className="w-10 px-3">
            <Checkbox aria-label="select all" checked={selectAll.checked} onCheckedChange={selectAll.onToggle} />
          </th>
        ) : null}
        {columns.map((c) => {
          const sorted = active?.id === c.id ? (active.desc ? 'descending' : 'ascending') : undefined;
          const Icon = sorted === 'ascending' ? ArrowUpIcon : sorted === 'descending' ? ArrowDownIcon : ArrowUpDownIcon;
          return (
            <th key={c.id} aria-sort={sorted} className={cn('h-9 px-3 font-medium whitespace-nowrap', alignClass[c.align ?? 'left'], c.className)}>
              {c.sortValue && onSortChange ? (
                <button
                  type="button"
                  data-sort={c.id}
                  onClick={() => onSortChange(nextSort(sort, c.id))}
                  className={cn('-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-accent hover:text-foreground', sorted && 'text-foreground')}
                >
                  {c.header}
                  <Icon className={cn('size-3.5', !sorted && 'opacity-40')} />
                </button>
              ) : (
                c.header
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
