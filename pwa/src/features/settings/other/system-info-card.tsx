import { RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatTimestamp } from '../../../lib/time-format';
import { useSiteStatus } from '../../status/queries';
import { checkConsoleUpdate } from './check-console-update';

/** Version and start time from /api/status, and a check for a newer console build. */
export function SystemInfoCard() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    const result = await checkConsoleUpdate();
    setChecking(false);
    if (result === 'failed') toast.error(t('settings.info.checkFailed'));
    else toast.success(t(result === 'available' ? 'settings.info.updateAvailable' : 'settings.info.latest', { version: status.version }));
  };
  return (
    <Card data-settings-section="system-info">
      <CardHeader>
        <CardTitle>{t('settings.sections.systemInfo')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-[13px]">
          <dt className="text-muted-foreground">{t('settings.info.version')}</dt>
          <dd className="font-mono" data-system-version>
            {status.version || '-'}
          </dd>
          <dt className="text-muted-foreground">{t('settings.info.startTime')}</dt>
          <dd data-system-start>{formatTimestamp(status.start_time)}</dd>
        </dl>
        <div>
          <Button variant="outline" className="mobile:w-full" disabled={checking} onClick={() => void check()} data-check-update>
            <RefreshCwIcon className={checking ? 'animate-spin' : undefined} />
            {t('settings.info.check')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
