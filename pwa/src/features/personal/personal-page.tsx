import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AccountStats } from '../account/account-stats';
import { selfQuery } from '../account/queries';
import { roleLabelKey } from '../auth/role-label';
import { isAdmin, useSessionUser } from '../auth/session';
import { PushAlertsCard } from '../push/push-alerts-card';
import { BindingsCard } from './bindings-card';
import { InviteCard } from './invite-card';
import { ModelsCard } from './models-card';
import { NotifySettingsForm } from './notify-settings-form';
import { SecurityCard } from './security-card';

export type PersonalTab = 'profile' | 'notify';

export function PersonalPage({ tab, onTabChange }: { tab: PersonalTab; onTabChange: (tab: PersonalTab) => void }) {
  const { t } = useTranslation();
  const session = useSessionUser();
  const { data: user } = useQuery(selfQuery());
  const name = user?.display_name || user?.username || session?.username || '';
  return (
    <PageContainer className="max-w-5xl">
      <PageHeader title={t('personal.title')} description={t('personal.description')} />
      <div className="mb-4 flex items-center gap-3.5 rounded-xl border bg-card p-4 shadow-xs">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-blue-500 to-indigo-600 text-lg font-semibold text-white uppercase">{name.slice(0, 1)}</span>
        <div className="min-w-0">
          <p className="truncate text-base font-semibold">{name}</p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            <span>@{user?.username ?? session?.username}</span>
            <Badge tone="primary">{t(roleLabelKey(user?.role ?? session?.role ?? 1))}</Badge>
            <Badge tone="outline">{user?.group ?? session?.group ?? 'default'}</Badge>
          </div>
        </div>
      </div>
      <Tabs value={tab} onValueChange={(v) => onTabChange(v as PersonalTab)}>
        <TabsList className="mb-4">
          <TabsTrigger value="profile">{t('personal.tabs.profile')}</TabsTrigger>
          <TabsTrigger value="notify">{t('personal.tabs.notify')}</TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="grid gap-4">
          <AccountStats />
          <div className="grid items-start gap-4 lg:grid-cols-2">
            <InviteCard />
            <BindingsCard />
          </div>
          <SecurityCard username={user?.username ?? session?.username ?? ''} />
          <ModelsCard />
        </TabsContent>
        <TabsContent value="notify" className="grid gap-4">
          <NotifySettingsForm />
          {isAdmin(session) ? <PushAlertsCard /> : null}
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
