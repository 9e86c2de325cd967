import { ChevronRightIcon } from 'lucide-react';
import { Fragment, useState } from 'react';
import { cn } from '../../lib/class-names';
import { useIsMobile } from '../../lib/use-media-query';
import { Checkbox } from './checkbox';
import { DataCards } from './data-cards';
import { alignClass, type DataTableProps, type RowKey } from './data-table-types';
import { Skeleton } from './skeleton';

export type { Column, RowKey } from './data-table-types';

/** A dense table on desktop that turns into cards at 600 px or less. */
export function DataTable<T>(props: DataTableProps<T>) {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState<ReadonlySet<RowKey>>(new Set());
  const toggleExpanded = (key: RowKey) => {
    const next = new Set(expanded);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setExpanded(next);
  };
  if (isMobile) return <DataCards {...props} expanded={expanded} onToggleExpanded={toggleExpanded} />;

  const { columns, rows, rowKey, loading, empty, selection, renderExpanded, className } = props;
  const keys = rows.map(rowKey);
  const allSelected = keys.length > 0 && keys.every((k) => selection?.selected.has(k));
  const someSelected = keys.some((k) => selection?.selected.has(k));
  const toggleAll = () => selection?.onChange(allSelected ? new Set() : new Set(keys));
  const toggleOne = (key: RowKey) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  const span = columns.length + (selection ? 1 : 0) + (renderExpanded ? 1 : 0);

  return (
    <div className={cn('relative w-full overflow-x-auto rounded-lg border bg-card', className)}>
      <table className="w-full caption-bottom text-[13px]">
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr className="border-b">
            {renderExpanded ? <th className="w-8" /> : null}
            {selection ? (
              <th className="w-10 px-3">
                <Checkbox aria-label="select all" checked={allSelected ? true : someSelected ? 'indeterminate' : false} onCheckedChange={toggleAll} />
              </th>
            ) : null}
            {columns.map((c) => (
              <th key={c.id} className={cn('h-9 px-3 font-medium whitespace-nowrap', alignClass[c.align ?? 'left'], c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && rows.length === 0
            ? Array.from({ length: 5 }, (_, i) => (
                <tr key={i} className="border-b last:border-0">
                  <td colSpan={span} className="px-3 py-2.5">
                    <Skeleton className="h-5 w-full" />
                  </td>
                </tr>
              ))
            : null}
          {!loading && rows.length === 0 ? (
            <tr>
              <td colSpan={span}>{empty}</td>
            </tr>
          ) : null}
          {rows.map((row) => {
            const key = rowKey(row);
            const open = expanded.has(key);
            return (
              <Fragment key={key}>
                <tr
                  data-state={selection?.selected.has(key) ? 'selected' : undefined}
                  onClick={renderExpanded ? () => toggleExpanded(key) : undefined}
                  className={cn('border-b transition-colors last:border-0 hover:bg-muted/40 data-[state=selected]:bg-primary/5', renderExpanded && 'cursor-pointer', open && 'border-b-0 bg-muted/30')}
                >
                  {renderExpanded ? (
                    <td className="w-8 pl-3 text-muted-foreground">
                      <ChevronRightIcon className={cn('size-4 transition-transform', open && 'rotate-90')} />
                    </td>
                  ) : null}
                  {selection ? (
                    <td className="w-10 px-3" onClick={(e) => e.stopPropagation()}>
                      <Checkbox aria-label="select row" checked={selection.selected.has(key)} onCheckedChange={() => toggleOne(key)} />
                    </td>
                  ) : null}
                  {columns.map((c) => (
                    <td key={c.id} className={cn('h-11 px-3 py-1.5 align-middle', alignClass[c.align ?? 'left'], c.className)}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
                {renderExpanded && open ? (
                  <tr className="border-b bg-muted/30">
                    <td colSpan={span} className="px-4 pt-1 pb-3">
                      {renderExpanded(row)}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
