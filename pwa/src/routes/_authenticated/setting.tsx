import { createFileRoute, redirect, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { adminAllowed } from '../../features/auth/route-guards';
import { getStoredUser } from '../../features/auth/session';
import { optionsQuery } from '../../features/settings/queries';
import { SettingsPage } from '../../features/settings/settings-page';
import { parseSettingsTab, type SettingsTab } from '../../features/settings/settings-tabs';

/** System settings for administrators; ordinary users (e.g. after an OAuth bind) land on /personal. */
export const Route = createFileRoute('/_authenticated/setting')({
  validateSearch: (s: { tab?: string } & SearchSchemaInput): { tab: SettingsTab } => ({ tab: parseSettingsTab(s.tab) }),
  search: { middlewares: [stripSearchParams({ tab: 'operation' })] },
  beforeLoad: () => {
    if (!adminAllowed(getStoredUser())) throw redirect({ to: '/personal', replace: true });
  },
  loader: ({ context }) => void context.queryClient.prefetchQuery(optionsQuery()),
  component: SettingRoute,
});

function SettingRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SettingsPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
