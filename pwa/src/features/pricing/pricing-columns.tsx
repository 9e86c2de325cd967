import type { TFunction } from 'i18next';
import { CircleCheckIcon, CircleXIcon } from 'lucide-react';
import type { PricingModel } from '../../../../core/contracts/pricing';
import { Badge } from '../../components/ui/badge';
import type { Column } from '../../components/data-table/data-table';
import { Tooltip } from '../../components/ui/tooltip';
import { groupRatioTone } from '../../lib/group-ratio-tone';
import { availableInGroup, modelPriceView } from './model-price';

interface Options {
  t: TFunction;
  group: string;
  groupRatio: Record<string, number>;
  onCopy: (name: string) => void;
  onSwitchGroup: (group: string) => void;
}

export function pricingColumns({ t, group, groupRatio, onCopy, onSwitchGroup }: Options): Column<PricingModel>[] {
  const ratio = groupRatio[group] ?? 1;
  return [
    {
      id: 'available',
      header: t('pricing.columns.available'),
      mobile: 'hidden',
      cell: (m) =>
        availableInGroup(m, group) ? (
          <Tooltip content={t('pricing.available')}>
            <CircleCheckIcon className="size-4 text-emerald-500" aria-label={t('pricing.available')} />
          </Tooltip>
        ) : (
          <Tooltip content={t('pricing.unavailable')}>
            <CircleXIcon className="size-4 text-muted-foreground/60" aria-label={t('pricing.unavailable')} />
          </Tooltip>
        ),
    },
    {
      id: 'model',
      header: t('pricing.columns.model'),
      mobile: 'title',
      cell: (m) => (
        <button type="button" data-compact className="inline-flex items-center gap-1.5 text-left font-mono text-[13px] font-medium hover:text-primary" onClick={() => onCopy(m.model_name)} data-model-name>
          {availableInGroup(m, group) ? null : <CircleXIcon className="size-3.5 text-muted-foreground/60 sm:hidden" />}
          {m.model_name}
        </button>
      ),
    },
    { id: 'billing', header: t('pricing.columns.billing'), cell: (m) => <Badge tone={m.quota_type === 1 ? 'violet' : 'cyan'}>{t(`pricing.billing.${m.quota_type}`)}</Badge> },
    {
      id: 'groups',
      header: t('pricing.columns.groups'),
      cell: (m) => (
        <span className="inline-flex flex-wrap justify-end gap-1 sm:justify-start">
          {(m.enable_groups ?? []).map((g) => (
            <Tooltip key={g} content={t('pricing.switchGroup', { group: g })}>
              <button type="button" data-compact onClick={() => onSwitchGroup(g)} className={g === group ? 'ring-2 ring-primary/40 rounded-md' : undefined}>
                <Badge tone={groupRatioTone(groupRatio[g] ?? 1)}>{g}</Badge>
              </button>
            </Tooltip>
          ))}
        </span>
      ),
    },
    {
      id: 'ratio',
      header: t('pricing.columns.ratio'),
      className: 'text-xs whitespace-nowrap',
      cell: (m) =>
        m.quota_type === 1 ? (
          <span className="text-muted-foreground">{t('pricing.groupRatio')} {ratio}</span>
        ) : (
          <span className="grid gap-0.5 text-muted-foreground">
            <span>{t('pricing.modelRatio')} <b className="font-medium text-foreground">{m.model_ratio}</b></span>
            <span>{t('pricing.completionRatio')} <b className="font-medium text-foreground">{m.completion_ratio}</b></span>
            <span>{t('pricing.groupRatio')} <b className="font-medium text-foreground">{ratio}</b></span>
          </span>
        ),
    },
    {
      id: 'price',
      header: t('pricing.columns.price'),
      className: 'text-xs whitespace-nowrap',
      cell: (m) => {
        const view = modelPriceView(m, ratio);
        return view.kind === 'call' ? (
          <span className="font-medium">{t('pricing.perCall', { price: view.perCall })}</span>
        ) : (
          <span className="grid gap-0.5 tabular-nums">
            <span>{t('pricing.promptPrice', { price: view.prompt })}</span>
            <span className="text-muted-foreground">{t('pricing.completionPrice', { price: view.completion })}</span>
          </span>
        );
      },
    },
  ];
}
