import { useQuery } from '@tanstack/react-query';
import { InfoIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatTimestamp } from '../../lib/time-format';
import { OperatorContent } from '../home/operator-content';
import { aboutQuery } from '../notice/api';
import { useSiteStatus } from '../status/queries';

export function AboutPage() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const { data, isPending } = useQuery(aboutQuery());
  if (isPending) {
    return (
      <PageContainer>
        <Skeleton className="h-40 w-full" />
      </PageContainer>
    );
  }
  if (data && data.trim()) return <OperatorContent source={data} title={t('about.title')} />;
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={t('about.title')} />
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex gap-3 rounded-lg bg-muted/60 p-3 text-[13px] text-muted-foreground">
            <InfoIcon className="mt-0.5 size-4 shrink-0" />
            {t('about.empty')}
          </div>
          <p className="text-sm leading-6">{t('about.project', { name: status.system_name || 'Ferryman' })}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-[13px]">
            <dt className="text-muted-foreground">{t('about.version')}</dt>
            <dd className="font-mono">{status.version || '-'}</dd>
            <dt className="text-muted-foreground">{t('about.startTime')}</dt>
            <dd>{formatTimestamp(status.start_time)}</dd>
          </dl>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
