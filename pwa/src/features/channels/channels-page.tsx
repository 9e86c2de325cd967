import { useQuery } from '@tanstack/react-query';
import { PlusIcon, ServerIcon } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '../../../../core/contracts/channel';
import { DataTable, type RowKey } from '../../components/data-table/data-table';
import type { TableSearch } from '../../components/data-table/table-search';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { useOnline } from '../../lib/online-status';
import { useQuotaDisplay } from '../status/queries';
import { BatchActions } from './batch-actions';
import { channelColumns } from './channel-columns';
import { ChannelFilters, type ChannelFilterValues } from './channel-filters';
import { readChannelColumns, readIdSort, writeChannelColumns, writeIdSort, type ChannelColumns } from './channel-preferences';
import { ChannelToolbar, type ChannelModes } from './channel-toolbar';
import { groupByTag, isTagGroup } from './channel-view';
import { DeleteChannelsDialog } from './delete-channels-dialog';
import { channelsQuery } from './queries';
import { TagGroupsTable } from './tag-groups-table';
import { TestModelDialog } from './test-model-dialog';

export interface ChannelSearch extends TableSearch, ChannelFilterValues {}

interface Props {
  search: ChannelSearch;
  onSearchChange: (next: Partial<ChannelSearch>) => void;
  onAdd: () => void;
  onEdit: (channel: Channel) => void;
  /** The create/edit drawer (child route). */
  children?: ReactNode;
}

export function ChannelsPage({ search, onSearchChange, onAdd, onEdit, children }: Props) {
  const { t, i18n } = useTranslation();
  const display = useQuotaDisplay();
  const online = useOnline();
  const [modes, setModes] = useState<ChannelModes>(() => ({ idSort: readIdSort(), tagMode: false, batchMode: false }));
  const [columns, setColumns] = useState<ChannelColumns>(readChannelColumns);
  const [selected, setSelected] = useState<Set<RowKey>>(new Set());
  const [testing, setTesting] = useState<Channel | null>(null);
  const [deleting, setDeleting] = useState<Channel[]>([]);
  const { data, isPending } = useQuery(
    channelsQuery({ page: search.page, size: search.size, keyword: search.keyword, model: search.model, group: search.group, idSort: modes.idSort, tagMode: modes.tagMode }),
  );
  const rows = data ?? [];
  const tableColumns = useMemo(
    () => channelColumns({ t, language: i18n.language, display, onEdit, onPickTestModel: setTesting, onDelete: (c) => setDeleting([c]) }),
    [t, i18n.language, display, onEdit],
  );
  const changeModes = (next: ChannelModes) => {
    if (next.idSort !== modes.idSort) writeIdSort(next.idSort);
    if (!next.batchMode) setSelected(new Set());
    setModes(next);
  };
  const changeColumns = (next: ChannelColumns) => {
    setColumns(next);
    writeChannelColumns(next);
  };
  const chosen = rows.filter((c) => selected.has(c.id));
  const filtered = Boolean(search.keyword || search.model || search.group);
  const empty = <EmptyState icon={<ServerIcon />} title={t('channels.empty')} description={t('channels.emptyHint')} />;
  return (
    <PageContainer>
      <PageHeader
        title={t('channels.title')}
        description={t('channels.description')}
        actions={
          <Button onClick={onAdd} disabled={!online} title={online ? undefined : t('common.offlineAction')} data-add-channel>
            <PlusIcon />
            {t('channels.add')}
          </Button>
        }
      />
      <ChannelFilters value={search} onSearch={(next) => onSearchChange({ ...next, page: 1 })} />
      <ChannelToolbar modes={modes} onModesChange={changeModes} columns={columns} onColumnsChange={changeColumns}>
        {modes.tagMode ? null : <BatchActions selected={chosen} onDelete={() => setDeleting(chosen)} onDone={() => setSelected(new Set())} />}
      </ChannelToolbar>
      {modes.tagMode ? (
        <TagGroupsTable groups={groupByTag(rows).filter(isTagGroup)} columns={tableColumns} visibility={columns} loading={isPending} empty={empty} />
      ) : (
        <DataTable
          columns={tableColumns}
          rows={rows}
          rowKey={(c) => c.id}
          loading={isPending}
          selection={modes.batchMode ? { selected, onChange: setSelected } : undefined}
          sort={search.sort}
          onSortChange={(sort) => onSearchChange({ sort })}
          columnVisibility={columns}
          empty={empty}
        />
      )}
      {filtered ? null : (
        <Pagination page={search.page} pageSize={search.size} rowCount={modes.tagMode ? groupByTag(rows).length : rows.length} onPageChange={(page) => onSearchChange({ page })} onPageSizeChange={(size) => onSearchChange({ size, page: 1 })} />
      )}
      <TestModelDialog channel={testing} onClose={() => setTesting(null)} />
      <DeleteChannelsDialog channels={deleting} onClose={() => setDeleting([])} onDeleted={() => setSelected(new Set())} />
      {children}
    </PageContainer>
  );
}
