import { useQuery } from '@tanstack/react-query';
import { CopyIcon, TagsIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { DataTable, type RowKey } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { useCopy } from '../../hooks/use-copy';
import { useSessionUser } from '../auth/session';
import { pricingQuery } from './api';
import { fuzzyFilter } from './fuzzy-match';
import { ModelSearchInput } from './model-search-input';
import { PricingBanner } from './pricing-banner';
import { pricingColumns } from './pricing-columns';

export interface PricingSearch {
  q: string;
  group: string;
}

export function PricingPage({ search, onSearchChange }: { search: PricingSearch; onSearchChange: (next: Partial<PricingSearch>) => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const copy = useCopy();
  const { data, isPending } = useQuery(pricingQuery());
  const ownGroup = user?.group || 'default';
  const group = search.group || ownGroup;
  const [selected, setSelected] = useState<Set<RowKey>>(new Set());
  const rows = useMemo(() => fuzzyFilter(data?.models ?? [], search.q, (m) => m.model_name), [data, search.q]);
  const columns = useMemo(
    () => pricingColumns({ t, group, groupRatio: data?.groupRatio ?? {}, onCopy: (name) => void copy(name), onSwitchGroup: (g) => onSearchChange({ group: g }) }),
    [t, group, data, copy, onSearchChange],
  );
  const copySelected = () => {
    if (selected.size === 0) return void toast.error(t('pricing.noSelection'));
    void copy([...selected].join(','), t('pricing.copiedModels', { count: selected.size }));
  };
  return (
    <PageContainer>
      <PageHeader title={t('pricing.title')} description={t('pricing.description')} />
      <PricingBanner
        signedIn={user !== null}
        ownGroup={ownGroup}
        group={group}
        groupRatio={data?.groupRatio ?? {}}
        usableGroup={data?.usableGroup ?? {}}
        onSwitchGroup={(g) => onSearchChange({ group: g })}
      />
      <div className="mt-4 mb-3 flex items-center gap-2">
        <ModelSearchInput value={search.q} onChange={(q) => onSearchChange({ q })} placeholder={t('pricing.search')} />
        <Button variant="outline" onClick={copySelected} data-copy-selected-models>
          <CopyIcon />
          <span className="mobile:sr-only">{t('pricing.copySelected')}</span>
        </Button>
        <span className="ml-auto hidden text-[13px] text-muted-foreground sm:inline">{t('pricing.count', { count: rows.length })}</span>
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(m) => m.model_name}
        loading={isPending}
        selection={{ selected, onChange: setSelected }}
        empty={<EmptyState icon={<TagsIcon />} title={t('pricing.empty')} />}
      />
    </PageContainer>
  );
}
