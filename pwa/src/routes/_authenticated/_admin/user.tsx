import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AdminSlotPage } from '../../../features/admin-slot/admin-slot-page';

export const Route = createFileRoute('/_authenticated/_admin/user')({ component: Page });

function Page() {
  const { t } = useTranslation();
  return <AdminSlotPage title={t('sidebar.users')} />;
}
