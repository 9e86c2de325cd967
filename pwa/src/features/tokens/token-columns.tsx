import type { TFunction } from 'i18next';
import type { Token } from '../../../../core/contracts/token';
import { Badge } from '../../components/ui/badge';
import type { Column } from '../../components/data-table/data-table';
import { formatQuota, type QuotaDisplay } from '../../lib/quota-format';
import { formatTimestamp } from '../../lib/time-format';
import { TokenKeyCell } from './token-key-cell';
import { TokenRowActions } from './token-row-actions';
import { tokenStatusView } from './token-status';

interface Options {
  t: TFunction;
  display: QuotaDisplay;
  onEdit: (token: Token) => void;
  onDelete: (tokens: Token[]) => void;
}

export function tokenColumns({ t, display, onEdit, onDelete }: Options): Column<Token>[] {
  return [
    { id: 'name', header: t('tokens.columns.name'), mobile: 'title', className: 'whitespace-nowrap', cell: (row) => <span className="font-medium">{row.name || '—'}</span> },
    {
      id: 'status',
      header: t('tokens.columns.status'),
      cell: (row) => {
        const view = tokenStatusView(row.status);
        return (
          <span className="inline-flex flex-wrap gap-1">
            <Badge tone={view.tone}>{t(view.key)}</Badge>
            {row.status === 1 && row.model_limits_enabled ? <Badge tone="violet">{t('tokens.status.modelLimited')}</Badge> : null}
          </span>
        );
      },
    },
    { id: 'used', header: t('tokens.columns.used'), align: 'right', cell: (row) => <span className="tabular-nums">{formatQuota(row.used_quota, display)}</span> },
    {
      id: 'remain',
      header: t('tokens.columns.remain'),
      align: 'right',
      cell: (row) => (row.unlimited_quota ? <Badge tone="blue">{t('common.unlimited')}</Badge> : <span className="tabular-nums">{formatQuota(row.remain_quota, display)}</span>),
    },
    { id: 'group', header: t('tokens.columns.group'), className: 'whitespace-nowrap', cell: (row) => (row.group ? <Badge tone="outline">{row.group}</Badge> : <span className="text-muted-foreground">{t('tokens.defaultGroup')}</span>) },
    { id: 'key', header: t('tokens.columns.key'), cell: (row) => <TokenKeyCell tokenKey={row.key} /> },
    { id: 'created', header: t('tokens.columns.created'), className: 'whitespace-nowrap text-muted-foreground', cell: (row) => formatTimestamp(row.created_time) },
    {
      id: 'expired',
      header: t('tokens.columns.expired'),
      className: 'whitespace-nowrap',
      cell: (row) => (row.expired_time === -1 ? <span className="text-muted-foreground">{t('common.never')}</span> : formatTimestamp(row.expired_time)),
    },
    { id: 'actions', header: <span className="sr-only">{t('common.actions')}</span>, align: 'right', mobile: 'footer', cell: (row) => <TokenRowActions token={row} onEdit={onEdit} onDelete={onDelete} /> },
  ];
}
