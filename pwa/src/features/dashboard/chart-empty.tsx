import { ChartNoAxesColumnIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';

/** What every dashboard chart card shows when its range holds nothing to draw. */
export function ChartEmpty() {
  const { t } = useTranslation();
  return (
    <div data-chart-empty>
      <EmptyState icon={<ChartNoAxesColumnIcon />} title={t('dashboard.empty')} description={t('dashboard.emptyHint')} className="h-64" />
    </div>
  );
}
