import { createFileRoute, redirect } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AdminSlotPage } from '../../features/admin-slot/admin-slot-page';
import { adminAllowed } from '../../features/auth/route-guards';
import { getStoredUser } from '../../features/auth/session';

/** System settings for administrators; ordinary users (e.g. after an OAuth bind) land on /personal. */
export const Route = createFileRoute('/_authenticated/setting')({
  beforeLoad: () => {
    if (!adminAllowed(getStoredUser())) throw redirect({ to: '/personal', replace: true });
  },
  component: Page,
});

function Page() {
  const { t } = useTranslation();
  return <AdminSlotPage title={t('sidebar.settings')} />;
}
