import { useQuery } from '@tanstack/react-query';
import { PlusIcon, TicketIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REDEMPTION_STATUS, type Redemption } from '../../../../core/contracts/redemption';
import { DataTable, type RowKey } from '../../components/data-table/data-table';
import { SelectionBar } from '../../components/data-table/selection-bar';
import type { TableSearch } from '../../components/data-table/table-search';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { useOnline } from '../../lib/online-status';
import { isMaskedKey } from '../../lib/secret-scrub';
import { useQuotaDisplay } from '../status/queries';
import { CreatedKeysDialog, type CreatedBatch } from './created-keys-dialog';
import { DeleteRedemptionsDialog } from './delete-redemptions-dialog';
import { redemptionsQuery } from './queries';
import { redemptionColumns } from './redemption-columns';
import { RedemptionFilters } from './redemption-filters';
import { RedemptionFormDrawer } from './redemption-form-drawer';

export interface RedemptionSearch extends TableSearch {
  keyword: string;
}

export function RedemptionsPage({ search, onSearchChange }: { search: RedemptionSearch; onSearchChange: (next: Partial<RedemptionSearch>) => void }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const online = useOnline();
  const { data, isPending } = useQuery(redemptionsQuery({ page: search.page, size: search.size, keyword: search.keyword }));
  const rows = data?.items ?? [];
  const [selected, setSelected] = useState<Set<RowKey>>(new Set());
  const [drawer, setDrawer] = useState<{ open: boolean; code: Redemption | null }>({ open: false, code: null });
  const [deleting, setDeleting] = useState<Redemption[]>([]);
  const [created, setCreated] = useState<CreatedBatch | null>(null);
  const columns = useMemo(() => redemptionColumns({ t, display, onEdit: (code) => setDrawer({ open: true, code }), onDelete: setDeleting }), [t, display]);
  const chosen = rows.filter((r) => selected.has(r.id));
  return (
    <PageContainer>
      <PageHeader
        title={t('redemptions.title')}
        description={t('redemptions.description')}
        actions={
          <Button onClick={() => setDrawer({ open: true, code: null })} disabled={!online} title={online ? undefined : t('common.offlineAction')} data-create-redemption>
            <PlusIcon />
            {t('redemptions.create')}
          </Button>
        }
      />
      <RedemptionFilters keyword={search.keyword} onSearch={(keyword) => onSearchChange({ keyword, page: 1 })} />
      <div className="mt-3 mb-2 flex flex-wrap items-center justify-end gap-2">
        <SelectionBar
          count={chosen.length}
          emptyMessage={t('redemptions.noSelection')}
          copy={{ label: t('redemptions.copySelected'), disabled: chosen.some((r) => isMaskedKey(r.key)), text: () => chosen.map((r) => `${r.name}    ${r.key}`).join('\n') }}
          remove={{ label: t('redemptions.deleteSelected'), disabled: !online, onClick: () => setDeleting(chosen) }}
        />
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={isPending}
        selection={{ selected, onChange: setSelected }}
        sort={search.sort}
        onSortChange={(sort) => onSearchChange({ sort })}
        rowClassName={(r) => (r.status === REDEMPTION_STATUS.unused ? undefined : 'text-muted-foreground')}
        empty={<EmptyState icon={<TicketIcon />} title={t('redemptions.empty')} description={t('redemptions.emptyHint')} />}
      />
      <Pagination page={search.page} pageSize={search.size} total={data?.total ?? 0} rowCount={rows.length} onPageChange={(page) => onSearchChange({ page })} onPageSizeChange={(size) => onSearchChange({ size, page: 1 })} />
      <RedemptionFormDrawer open={drawer.open} code={drawer.code} onOpenChange={(open) => setDrawer({ ...drawer, open })} onCreated={(keys, name) => setCreated({ keys, name })} />
      <CreatedKeysDialog batch={created} onClose={() => setCreated(null)} />
      <DeleteRedemptionsDialog codes={deleting} onClose={() => setDeleting([])} onDeleted={() => setSelected(new Set())} />
    </PageContainer>
  );
}
