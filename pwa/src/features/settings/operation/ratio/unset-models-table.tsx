import { useQuery } from '@tanstack/react-query';
import { ZapIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DataTable, type RowKey } from '../../../../components/data-table/data-table';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Pagination } from '../../../../components/ui/pagination';
import type { OptionMap } from '../../api';
import { enabledModelsQuery } from '../../queries';
import { BatchFillDialog } from './batch-fill-dialog';
import { priceMapsOf } from './price-maps';
import { RatioRowDialog } from './ratio-row-dialog';
import { isDecimal } from './ratio-row-schema';
import { filterRows } from './ratio-rows';
import { RatioToolbar } from './ratio-toolbar';
import { unsetColumns } from './unset-columns';
import { applyFill, EMPTY_EDIT, editOfRow, mergeUnsetEdits, unsetModelNames, type UnsetEdit } from './unset-models';
import { useApplyPriceMaps } from './use-apply-price-maps';

/** Models offered by enabled channels (GET /api/channel/models_enabled) that have neither a price nor a ratio. */
export function UnsetModelsTable({ options }: { options: OptionMap }) {
  const { t } = useTranslation();
  const enabled = useQuery(enabledModelsQuery());
  const maps = useMemo(() => priceMapsOf(options), [options.ModelPrice, options.ModelRatio, options.CompletionRatio]);
  const [added, setAdded] = useState<string[]>([]);
  const [edits, setEdits] = useState<Record<string, UnsetEdit>>({});
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set());
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [adding, setAdding] = useState(false);
  const [filling, setFilling] = useState(false);
  const { apply, applying } = useApplyPriceMaps(options);

  const names = useMemo(() => unsetModelNames([...added, ...(enabled.data ?? [])], maps), [added, enabled.data, maps]);
  const filtered = filterRows(
    names.map((name) => ({ name })),
    search,
  ).map((r) => r.name);
  const lastPage = Math.max(1, Math.ceil(filtered.length / size));
  const current = Math.min(page, lastPage);
  const shown = filtered.slice((current - 1) * size, current * size);

  const onEdit = (name: string, field: keyof UnsetEdit, value: string) => {
    if (value.trim() !== '' && !isDecimal(value)) {
      toast.error(t('settings.errors.number'));
      return;
    }
    setEdits((all) => ({ ...all, [name]: { ...(all[name] ?? EMPTY_EDIT), [field]: value } }));
  };
  const columns = useMemo(() => unsetColumns({ t, edits, onEdit }), [t, edits]);
  const chosen = names.filter((n) => selected.has(n));

  return (
    <div className="grid gap-3" data-unset-models>
      <RatioToolbar
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        onAdd={() => setAdding(true)}
        onApply={() => void apply(mergeUnsetEdits(maps, edits))}
        applying={applying}
      >
        <Button variant="outline" onClick={() => (chosen.length ? setFilling(true) : toast.error(t('settings.unset.errors.noSelection')))} data-batch-fill>
          <ZapIcon />
          {t('settings.unset.batch', { count: chosen.length })}
        </Button>
      </RatioToolbar>
      <p className="text-[13px] text-muted-foreground">{t('settings.unset.hint')}</p>
      <DataTable
        columns={columns}
        rows={shown}
        rowKey={(name) => name}
        loading={enabled.isPending}
        selection={{ selected, onChange: setSelected }}
        empty={<EmptyState title={t('settings.unset.empty')} />}
      />
      <Pagination
        page={current}
        pageSize={size}
        total={filtered.length}
        rowCount={shown.length}
        onPageChange={setPage}
        onPageSizeChange={(next) => {
          setSize(next);
          setPage(1);
        }}
      />
      <RatioRowDialog
        open={adding}
        onOpenChange={setAdding}
        row={null}
        names={names}
        onSave={(row) => {
          setAdded((all) => [...all, row.name]);
          setEdits((all) => ({ ...all, [row.name]: editOfRow(row) }));
        }}
      />
      <BatchFillDialog open={filling} onOpenChange={setFilling} selectedCount={chosen.length} onFill={(fill) => setEdits((all) => applyFill(all, chosen, fill))} />
    </div>
  );
}
