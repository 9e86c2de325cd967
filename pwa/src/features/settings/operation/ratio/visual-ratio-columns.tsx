import type { TFunction } from 'i18next';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import type { Column } from '../../../../components/data-table/data-table';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { formatUsd } from '../../../../lib/quota-format';
import { inputPriceOf } from './price-maps';
import { billedPerRequest, type RatioRow } from './ratio-rows';

interface Options {
  t: TFunction;
  onEdit: (row: RatioRow) => void;
  onDelete: (row: RatioRow) => void;
}

const num = (n: number | undefined) => (n === undefined ? '-' : String(n));

/** The price a row stands for: USD per call, or USD per 1M input/output tokens (before the group ratio). */
function PriceCell({ row, t }: { row: RatioRow; t: TFunction }) {
  if (billedPerRequest(row)) return <span className="tabular-nums">{t('settings.ratio.perCallPrice', { price: formatUsd(row.price ?? 0) })}</span>;
  if (row.ratio === undefined) return <span className="text-muted-foreground">-</span>;
  const input = inputPriceOf(row.ratio);
  return (
    <span className="grid text-xs tabular-nums" data-ratio-price>
      <span>{t('settings.ratio.inputPerMillion', { price: formatUsd(input) })}</span>
      <span className="text-muted-foreground">{t('settings.ratio.outputPerMillion', { price: formatUsd(input * (row.completionRatio ?? 1)) })}</span>
    </span>
  );
}

export function visualRatioColumns({ t, onEdit, onDelete }: Options): Column<RatioRow>[] {
  return [
    { id: 'name', header: t('settings.ratio.columns.name'), cell: (r) => <span className="font-mono text-[13px] break-all">{r.name}</span>, mobile: 'title' },
    {
      id: 'billing',
      header: t('settings.ratio.billing'),
      cell: (r) => (billedPerRequest(r) ? <Badge tone="violet">{t('settings.ratio.perRequest')}</Badge> : <Badge tone="blue">{t('settings.ratio.perToken')}</Badge>),
    },
    { id: 'price', header: t('settings.ratio.columns.price'), cell: (r) => <PriceCell row={r} t={t} /> },
    { id: 'ratio', header: t('settings.ratio.columns.ratio'), cell: (r) => <span className="tabular-nums">{num(r.ratio)}</span>, align: 'right' },
    { id: 'completion', header: t('settings.ratio.columns.completionRatio'), cell: (r) => <span className="tabular-nums">{num(r.completionRatio)}</span>, align: 'right' },
    {
      id: 'actions',
      header: t('settings.ratio.columns.actions'),
      align: 'right',
      mobile: 'footer',
      cell: (r) => (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={() => onEdit(r)} data-ratio-edit={r.name}>
            <PencilIcon />
            {t('common.edit')}
          </Button>
          <Button variant="ghost" size="sm" className="text-destructive" onClick={() => onDelete(r)} data-ratio-delete={r.name}>
            <Trash2Icon />
            {t('common.delete')}
          </Button>
        </div>
      ),
    },
  ];
}
