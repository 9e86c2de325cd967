import { useQuery } from '@tanstack/react-query';
import { SettingsIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { cn } from '../../lib/class-names';
import { errorMessage } from '../../lib/http-errors';
import type { OptionMap } from './api';
import { ModelsTab } from './models/models-tab';
import { OperationTab } from './operation/operation-tab';
import { PHONE_TAB, PHONE_TABS } from './phone-tabs';
import { OtherTab } from './other/other-tab';
import { optionsQuery } from './queries';
import { RateLimitTab } from './rate-limit/rate-limit-tab';
import { SETTINGS_TABS, type SettingsTab } from './settings-tabs';
import { SystemTab } from './system/system-tab';

const PANELS: Record<SettingsTab, ComponentType<{ options: OptionMap }>> = {
  operation: OperationTab,
  ratelimit: RateLimitTab,
  models: ModelsTab,
  system: SystemTab,
  other: OtherTab,
};

export function SettingsPage({ tab, onTabChange }: { tab: SettingsTab; onTabChange: (tab: SettingsTab) => void }) {
  const { t } = useTranslation();
  const options = useQuery(optionsQuery());
  const Panel = PANELS[tab];
  return (
    <PageContainer className="max-w-6xl">
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <Tabs value={tab} onValueChange={(next) => onTabChange(next as SettingsTab)}>
        <TabsList className={cn('mb-4 h-10 w-full justify-start sm:w-auto', PHONE_TABS)} data-settings-tabs>
          {SETTINGS_TABS.map((id) => (
            <TabsTrigger key={id} value={id} className={PHONE_TAB} data-settings-tab={id}>
              {t(`settings.tabs.${id}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tab}>
          {options.data ? (
            <Panel options={options.data} />
          ) : options.isError ? (
            <Card>
              <EmptyState
                icon={<SettingsIcon />}
                title={t('settings.loadFailed')}
                description={errorMessage(options.error)}
                action={
                  <Button variant="outline" onClick={() => void options.refetch()}>
                    {t('common.refresh')}
                  </Button>
                }
              />
            </Card>
          ) : (
            <div className="grid gap-4">
              <Skeleton className="h-48 w-full rounded-lg" />
              <Skeleton className="h-72 w-full rounded-lg" />
            </div>
          )}
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
