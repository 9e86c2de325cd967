import { ChevronRightIcon } from 'lucide-react';
import { Fragment, useState } from 'react';
import { cn } from '../../lib/class-names';
import { useIsMobile } from '../../lib/use-media-query';
import { Checkbox } from '../ui/checkbox';
import { Skeleton } from '../ui/skeleton';
import { DataCards } from './data-cards';
import { DataTableHeader } from './data-table-header';
import { alignClass, type DataTableProps, type RowKey } from './data-table-types';
import { sortRows } from './table-sort';
import { toggleKey } from './toggle-key';

export type { Column, RowKey } from './data-table-types';

/**
 * A dense table on desktop that turns into cards at 600 px or less. Sorting and column visibility are
 * controlled by the page (URL state and saved settings); the rows are sorted here, on screen.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState<ReadonlySet<RowKey>>(new Set());
  const toggleExpanded = (key: RowKey) => setExpanded(toggleKey(expanded, key));
  const columns = props.columns.filter((c) => props.columnVisibility?.[c.id] !== false);
  const rows = sortRows(props.rows, columns, props.sort);
  if (isMobile) return <DataCards {...props} columns={columns} rows={rows} expanded={expanded} onToggleExpanded={toggleExpanded} />;

  const { rowKey, loading, empty, selection, renderExpanded, rowClassName, className } = props;
  const keys = rows.map(rowKey);
  const allSelected = keys.length > 0 && keys.every((k) => selection?.selected.has(k));
  const someSelected = keys.some((k) => selection?.selected.has(k));
  const span = columns.length + (selection ? 1 : 0) + (renderExpanded ? 1 : 0);

  return (
    <div className={cn('relative w-full overflow-x-auto rounded-lg border bg-card', className)}>
      <table className="w-full caption-bottom text-[13px]">
        <DataTableHeader
          columns={columns}
          expandable={Boolean(renderExpanded)}
          selectAll={selection ? { checked: allSelected ? true : someSelected ? 'indeterminate' : false, onToggle: () => selection.onChange(allSelected ? new Set() : new Set(keys)) } : undefined}
          sort={props.sort}
          onSortChange={props.onSortChange}
        />
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
                  className={cn('border-b transition-colors last:border-0 hover:bg-muted/40 data-[state=selected]:bg-primary/5', renderExpanded && 'cursor-pointer', open && 'border-b-0 bg-muted/30', rowClassName?.(row))}
                >
                  {renderExpanded ? (
                    <td className="w-8 pl-3 text-muted-foreground">
                      <ChevronRightIcon className={cn('size-4 transition-transform', open && 'rotate-90')} />
                    </td>
                  ) : null}
                  {selection ? (
                    <td className="w-10 px-3" onClick={(e) => e.stopPropagation()}>
                      <Checkbox aria-label="select row" checked={selection.selected.has(key)} onCheckedChange={() => selection.onChange(toggleKey(selection.selected, key))} />
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
