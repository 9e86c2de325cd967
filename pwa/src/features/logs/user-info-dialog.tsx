import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { formatQuota } from '../../lib/quota-format';
import { useQuotaDisplay } from '../status/queries';
import { userInfoQuery } from './queries';

/** Administrators: a username in the log opens that user's balance and usage. */
export function UserInfoDialog({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const { data } = useQuery({ ...userInfoQuery(userId ?? 0), enabled: userId !== null });
  const rows: [string, string][] = data
    ? [
        [t('logs.userInfo.username'), data.username],
        [t('logs.userInfo.balance'), formatQuota(data.quota, display)],
        [t('logs.userInfo.used'), formatQuota(data.used_quota, display)],
        [t('logs.userInfo.requests'), String(data.request_count)],
      ]
    : [];
  return (
    <Dialog open={userId !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{t('logs.userInfo.title')}</DialogTitle>
          <DialogDescription className="sr-only">{t('logs.userInfo.title')}</DialogDescription>
        </DialogHeader>
        {data ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            {rows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted-foreground">{k}</dt>
                <dd className="text-right font-medium tabular-nums">{v}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <Skeleton className="h-28" />
        )}
      </DialogContent>
    </Dialog>
  );
}
