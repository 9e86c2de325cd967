import { useQuery } from '@tanstack/react-query';
import { UserPlusIcon, UsersIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../../core/contracts/user';
import { DataTable } from '../../components/data-table/data-table';
import type { TableSearch } from '../../components/data-table/table-search';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { useOnline } from '../../lib/online-status';
import { useQuotaDisplay } from '../status/queries';
import { AddUserDrawer } from './add-user-drawer';
import { EditUserDrawer } from './edit-user-drawer';
import { usersQuery } from './queries';
import { userColumns } from './user-columns';
import { UserFilters } from './user-filters';
import { isDeregistered } from './user-rules';

export interface UserSearch extends TableSearch {
  keyword: string;
  group: string;
}

export function UsersPage({ search, onSearchChange }: { search: UserSearch; onSearchChange: (next: Partial<UserSearch>) => void }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const online = useOnline();
  const { data, isPending } = useQuery(usersQuery({ page: search.page, size: search.size, keyword: search.keyword, group: search.group }));
  const rows = data?.items ?? [];
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const columns = useMemo(() => userColumns({ t, display, onEdit: setEditing }), [t, display]);
  return (
    <PageContainer>
      <PageHeader
        title={t('users.title')}
        description={t('users.description')}
        actions={
          <Button onClick={() => setAdding(true)} disabled={!online} title={online ? undefined : t('common.offlineAction')} data-add-user>
            <UserPlusIcon />
            {t('users.add')}
          </Button>
        }
      />
      <UserFilters value={{ keyword: search.keyword, group: search.group }} onSearch={(next) => onSearchChange({ ...next, page: 1 })} />
      <DataTable
        className="mt-3"
        columns={columns}
        rows={rows}
        rowKey={(u) => u.id}
        loading={isPending}
        sort={search.sort}
        onSortChange={(sort) => onSearchChange({ sort })}
        rowClassName={(u) => (isDeregistered(u) ? 'opacity-60' : undefined)}
        empty={<EmptyState icon={<UsersIcon />} title={t('users.empty')} description={t('users.emptyHint')} />}
      />
      <Pagination page={search.page} pageSize={search.size} total={data?.total ?? 0} rowCount={rows.length} onPageChange={(page) => onSearchChange({ page })} onPageSizeChange={(size) => onSearchChange({ size, page: 1 })} />
      <AddUserDrawer open={adding} onOpenChange={setAdding} />
      <EditUserDrawer user={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  );
}
