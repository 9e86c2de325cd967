import { ChevronDownIcon } from 'lucide-react';
import { cn } from '../../lib/class-names';
import { Checkbox } from '../ui/checkbox';
import type { DataTableProps, RowKey } from './data-table-types';
import { Skeleton } from '../ui/skeleton';
import { toggleKey } from './toggle-key';

interface DataCardsProps<T> extends DataTableProps<T> {
  expanded: ReadonlySet<RowKey>;
  onToggleExpanded: (key: RowKey) => void;
}

/** The phone rendering of a DataTable: one card per row, label/value lines, actions at the bottom. */
export function DataCards<T>({ columns, rows, rowKey, loading, empty, selection, renderExpanded, rowClassName, className, expanded, onToggleExpanded }: DataCardsProps<T>) {
  const title = columns.find((c) => c.mobile === 'title');
  const fields = columns.filter((c) => !c.mobile || c.mobile === 'field');
  const footer = columns.filter((c) => c.mobile === 'footer');
  if (loading && rows.length === 0) {
    return (
      <div className={cn('grid gap-2', className)}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-28 w-full rounded-lg" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) return <div className={cn('rounded-lg border bg-card', className)}>{empty}</div>;
  return (
    <ul className={cn('grid gap-2', className)} data-slot="data-cards">
      {rows.map((row) => {
        const key = rowKey(row);
        const open = expanded.has(key);
        return (
          <li key={key} className={cn('rounded-lg border bg-card shadow-xs', selection?.selected.has(key) && 'border-primary/50 bg-primary/5', rowClassName?.(row))}>
            <div className="flex items-center gap-3 px-3.5 pt-3">
              {selection ? (
                <label className="-m-2 flex size-11 shrink-0 items-center justify-center">
                  <Checkbox aria-label="select row" checked={selection.selected.has(key)} onCheckedChange={() => selection.onChange(toggleKey(selection.selected, key))} />
                </label>
              ) : null}
              <div className="min-w-0 flex-1 text-sm font-medium">{title ? title.cell(row) : null}</div>
              {renderExpanded ? (
                <button type="button" aria-label="toggle details" onClick={() => onToggleExpanded(key)} className="-mr-1.5 flex size-11 items-center justify-center text-muted-foreground">
                  <ChevronDownIcon className={cn('size-4 transition-transform', open && 'rotate-180')} />
                </button>
              ) : null}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 px-3.5 py-2.5 text-[13px]">
              {fields.map((c) => (
                <div key={c.id} className="contents">
                  <dt className="text-muted-foreground">{c.header}</dt>
                  <dd className="flex min-w-0 items-center justify-end text-right break-words">{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {renderExpanded && open ? <div className="border-t bg-muted/30 px-3.5 py-2.5">{renderExpanded(row)}</div> : null}
            {footer.length > 0 ? (
              <div className="flex flex-wrap items-center justify-end gap-1.5 border-t px-2.5 py-1.5">
                {footer.map((c) => (
                  <div key={c.id} className="contents">
                    {c.cell(row)}
                  </div>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
