import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { AccountStats } from '../account/account-stats';
import { OnlineTopupCard } from './online-topup-card';
import { RedeemCard } from './redeem-card';

/** Balance, redeem code, online payment. */
export function TopupPage() {
  const { t } = useTranslation();
  return (
    <PageContainer className="max-w-5xl">
      <PageHeader title={t('topup.title')} description={t('topup.description')} />
      <div className="grid gap-4">
        <AccountStats />
        <div className="grid gap-4 lg:grid-cols-[2fr_3fr]">
          <RedeemCard />
          <OnlineTopupCard />
        </div>
      </div>
    </PageContainer>
  );
}
