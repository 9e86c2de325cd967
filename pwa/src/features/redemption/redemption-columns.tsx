import type { TFunction } from 'i18next';
import type { Redemption } from '../../../../core/contracts/redemption';
import type { Column } from '../../components/data-table/data-table';
import { SecretCell } from '../../components/data-table/secret-cell';
import { Badge } from '../../components/ui/badge';
import { formatQuota, type QuotaDisplay } from '../../lib/quota-format';
import { formatTimestamp } from '../../lib/time-format';
import { RedemptionRowActions } from './redemption-row-actions';
import { redemptionStatusView } from './redemption-status';

interface Options {
  t: TFunction;
  display: QuotaDisplay;
  onEdit: (code: Redemption) => void;
  onDelete: (codes: Redemption[]) => void;
}

export function redemptionColumns({ t, display, onEdit, onDelete }: Options): Column<Redemption>[] {
  return [
    { id: 'id', header: 'ID', className: 'tabular-nums text-muted-foreground', sortValue: (r) => r.id, cell: (r) => r.id },
    { id: 'name', header: t('redemptions.columns.name'), mobile: 'title', className: 'whitespace-nowrap', sortValue: (r) => r.name, cell: (r) => <span className="font-medium">{r.name}</span> },
    {
      id: 'status',
      header: t('redemptions.columns.status'),
      cell: (r) => {
        const view = redemptionStatusView(r.status);
        return <Badge tone={view.tone}>{t(view.key)}</Badge>;
      },
    },
    { id: 'quota', header: t('redemptions.columns.quota'), align: 'right', sortValue: (r) => r.quota, cell: (r) => <span className="tabular-nums">{formatQuota(r.quota, display)}</span> },
    { id: 'created', header: t('redemptions.columns.created'), className: 'whitespace-nowrap text-muted-foreground', sortValue: (r) => r.created_time, cell: (r) => formatTimestamp(r.created_time) },
    { id: 'redeemer', header: t('redemptions.columns.redeemer'), cell: (r) => (r.used_user_id ? <span className="tabular-nums">{r.used_user_id}</span> : <span className="text-muted-foreground">{t('redemptions.noRedeemer')}</span>) },
    {
      id: 'key',
      header: t('redemptions.columns.key'),
      cell: (r) => <SecretCell value={r.key} labels={{ copy: t('common.copy'), maskedOffline: t('redemptions.keyMaskedOffline') }} codeData={{ 'data-redemption-key': '' }} />,
    },
    { id: 'actions', header: <span className="sr-only">{t('common.actions')}</span>, align: 'right', mobile: 'footer', cell: (r) => <RedemptionRowActions code={r} onEdit={onEdit} onDelete={onDelete} /> },
  ];
}
