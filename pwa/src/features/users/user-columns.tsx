import type { TFunction } from 'i18next';
import type { User } from '../../../../core/contracts/user';
import type { Column } from '../../components/data-table/data-table';
import { Badge } from '../../components/ui/badge';
import { abbreviateNumber, formatQuota, type QuotaDisplay } from '../../lib/quota-format';
import { roleLabelKey } from '../auth/role-label';
import { UserRowActions } from './user-row-actions';
import { roleTone, userStatusView } from './user-rules';

interface Options {
  t: TFunction;
  display: QuotaDisplay;
  onEdit: (user: User) => void;
}

export function userColumns({ t, display, onEdit }: Options): Column<User>[] {
  const quota = (value: number) => <span className="tabular-nums">{formatQuota(value, display)}</span>;
  return [
    { id: 'id', header: 'ID', className: 'tabular-nums text-muted-foreground', sortValue: (u) => u.id, cell: (u) => u.id },
    {
      id: 'username',
      header: t('users.columns.username'),
      mobile: 'title',
      sortValue: (u) => u.username,
      cell: (u) => (
        <span className="grid leading-tight">
          <span className="font-medium">{u.username}</span>
          {u.display_name && u.display_name !== u.username ? <span className="text-xs text-muted-foreground">{u.display_name}</span> : null}
        </span>
      ),
    },
    { id: 'group', header: t('users.columns.group'), cell: (u) => <Badge tone="outline">{u.group}</Badge> },
    { id: 'quota', header: t('users.columns.quota'), align: 'right', sortValue: (u) => u.quota, cell: (u) => quota(u.quota) },
    { id: 'used', header: t('users.columns.used'), align: 'right', sortValue: (u) => u.used_quota, cell: (u) => quota(u.used_quota) },
    { id: 'requests', header: t('users.columns.requests'), align: 'right', sortValue: (u) => u.request_count, cell: (u) => <span className="tabular-nums">{abbreviateNumber(u.request_count)}</span> },
    {
      id: 'invite',
      header: t('users.columns.invite'),
      className: 'whitespace-nowrap',
      cell: (u) => (
        <span className="inline-flex gap-1">
          <Badge tone="gray" title={t('users.invite.count')}>{abbreviateNumber(u.aff_count)}</Badge>
          <Badge tone="gray" title={t('users.invite.earnings')}>{formatQuota(u.aff_history_quota, display)}</Badge>
          <Badge tone="gray" title={t('users.invite.inviter')}>{u.inviter_id ? u.inviter_id : t('users.invite.none')}</Badge>
        </span>
      ),
    },
    { id: 'role', header: t('users.columns.role'), cell: (u) => <Badge tone={roleTone(u.role)}>{t(roleLabelKey(u.role))}</Badge> },
    {
      id: 'status',
      header: t('users.columns.status'),
      cell: (u) => {
        const view = userStatusView(u);
        return <Badge tone={view.tone} data-user-status>{t(view.key)}</Badge>;
      },
    },
    { id: 'actions', header: <span className="sr-only">{t('common.actions')}</span>, align: 'right', mobile: 'footer', cell: (u) => <UserRowActions user={u} onEdit={onEdit} /> },
  ];
}
