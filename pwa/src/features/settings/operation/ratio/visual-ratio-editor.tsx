import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/data-table/data-table';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Pagination } from '../../../../components/ui/pagination';
import type { OptionMap } from '../../api';
import { priceMapsOf } from './price-maps';
import { RatioRowDialog } from './ratio-row-dialog';
import { filterRows, ratioRows, rowsToMaps, upsertRow, type RatioRow } from './ratio-rows';
import { RatioToolbar } from './ratio-toolbar';
import { useApplyPriceMaps } from './use-apply-price-maps';
import { visualRatioColumns } from './visual-ratio-columns';

const PAGE_SIZE = 10;

/** Every priced model as a row: add, edit, delete locally, then apply (only the changed maps are saved). */
export function VisualRatioEditor({ options }: { options: OptionMap }) {
  const { t } = useTranslation();
  const stored = useMemo(() => ratioRows(priceMapsOf(options)), [options.ModelPrice, options.ModelRatio, options.CompletionRatio]);
  const [rows, setRows] = useState(stored);
  useEffect(() => setRows(stored), [stored]);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ row: RatioRow | null } | null>(null);
  const { apply, applying } = useApplyPriceMaps(options);

  const filtered = filterRows(rows, search);
  const lastPage = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const shown = filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const columns = useMemo(() => visualRatioColumns({ t, onEdit: (row) => setEditing({ row }), onDelete: (row) => setRows((all) => all.filter((r) => r.name !== row.name)) }), [t]);

  return (
    <div className="grid gap-3" data-visual-ratio-editor>
      <RatioToolbar
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        onAdd={() => setEditing({ row: null })}
        onApply={() => void apply(rowsToMaps(rows))}
        applying={applying}
      />
      <DataTable columns={columns} rows={shown} rowKey={(r) => r.name} empty={<EmptyState title={t('settings.ratio.empty')} />} />
      <Pagination page={current} pageSize={PAGE_SIZE} total={filtered.length} rowCount={shown.length} onPageChange={setPage} />
      <RatioRowDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        row={editing?.row ?? null}
        names={rows.map((r) => r.name)}
        onSave={(row) => {
          setRows((all) => upsertRow(all, row, editing?.row?.name));
          if (!editing?.row) setSearch('');
        }}
      />
    </div>
  );
}
