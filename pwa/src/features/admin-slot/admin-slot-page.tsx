import { ShieldCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/layout/page-header';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';

/** Placeholder for an admin screen; the admin console replaces each route file's component. */
export function AdminSlotPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <Card>
        <EmptyState icon={<ShieldCheckIcon />} title={title} description={t('adminSlot.description')} />
      </Card>
    </PageContainer>
  );
}
