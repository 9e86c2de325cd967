import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '../../../../core/contracts/channel';
import { CHANNEL_STATUS } from '../../../../core/contracts/channel';
import { DataTable, type Column } from '../../components/data-table/data-table';
import { Badge } from '../../components/ui/badge';
import type { ChannelColumns } from './channel-preferences';
import type { TagGroup } from './channel-view';
import { TagEditDrawer } from './tag-edit-drawer';
import { TagNumberCell } from './tag-number-cell';
import { TagRowActions } from './tag-row-actions';

interface Props {
  groups: TagGroup[];
  /** The channel columns, for the members listed under an opened tag. */
  columns: Column<Channel>[];
  visibility: ChannelColumns;
  loading: boolean;
  empty: ReactNode;
}

/** Tag aggregation: one row per tag with tag-level actions; a row opens to its channels. */
export function TagGroupsTable({ groups, columns, visibility, loading, empty }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TagGroup | null>(null);
  const tagColumns: Column<TagGroup>[] = [
    { id: 'tag', header: t('channels.columns.tag'), mobile: 'title', cell: (g) => <Badge tone="violet" data-tag-row={g.tag}>{g.tag}</Badge> },
    { id: 'count', header: t('channels.tagCount'), cell: (g) => <span className="tabular-nums">{g.channels.length}</span> },
    {
      id: 'status',
      header: t('channels.columns.status'),
      cell: (g) => {
        const on = g.channels.filter((c) => c.status === CHANNEL_STATUS.enabled).length;
        return <Badge tone={on === g.channels.length ? 'green' : on === 0 ? 'red' : 'yellow'} data-tag-status>{t('channels.tagEnabledCount', { on, total: g.channels.length })}</Badge>;
      },
    },
    { id: 'priority', header: t('channels.columns.priority'), cell: (g) => <TagNumberCell group={g} field="priority" /> },
    { id: 'weight', header: t('channels.columns.weight'), cell: (g) => <TagNumberCell group={g} field="weight" /> },
    { id: 'actions', header: <span className="sr-only">{t('common.actions')}</span>, align: 'right', mobile: 'footer', cell: (g) => <TagRowActions group={g} onEdit={setEditing} /> },
  ];
  return (
    <>
      <DataTable
        columns={tagColumns}
        rows={groups}
        rowKey={(g) => g.tag}
        loading={loading}
        empty={empty}
        renderExpanded={(g) => <DataTable columns={columns} rows={g.channels} rowKey={(c) => c.id} columnVisibility={visibility} />}
      />
      <TagEditDrawer group={editing} onClose={() => setEditing(null)} />
    </>
  );
}
