import { useQuery } from '@tanstack/react-query';
import { BellOffIcon, BellRingIcon, SendIcon, SmartphoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useOnline } from '../../lib/online-status';
import { pushSupport } from './browser-push';
import { PushThresholdForm } from './push-threshold-form';
import { deviceSubscriptionQuery, pushStatusQuery, useSubscribePush, useTestPush, useUnsubscribePush } from './queries';

/**
 * Web Push alerts for administrators: subscribe this device, send a test, unsubscribe, and the balance
 * threshold for channel alerts. Shown on the personal page's notification tab to administrators.
 */
export function PushAlertsCard() {
  const { t } = useTranslation();
  const online = useOnline();
  const support = pushSupport();
  const status = useQuery(pushStatusQuery());
  const device = useQuery({ ...deviceSubscriptionQuery(), enabled: support !== 'unsupported' });
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();
  const test = useTestPush();
  const busy = subscribe.isPending || unsubscribe.isPending || test.isPending;
  const subscribed = Boolean(device.data);
  const state = support === 'unsupported' ? 'unsupported' : support === 'denied' ? 'denied' : subscribed ? 'on' : 'off';
  return (
    <Card data-push-card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SmartphoneIcon className="size-4 text-primary" />
          {t('push.title')}
        </CardTitle>
        <CardDescription>{t('push.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2 text-[13px]">
          <span className="text-muted-foreground">{t('push.thisDevice')}</span>
          <Badge tone={state === 'on' ? 'green' : state === 'off' ? 'gray' : 'orange'} data-push-state={state}>
            {t(`push.state.${state}`)}
          </Badge>
          {status.data ? <span className="text-muted-foreground">{t('push.devices', { count: status.data.devices })}</span> : null}
        </div>
        {state === 'unsupported' || state === 'denied' ? <p className="text-[13px] text-muted-foreground">{t(`push.hint.${state}`)}</p> : null}
        <div className="flex flex-wrap gap-2">
          {subscribed ? (
            <Button variant="outline" data-push-unsubscribe disabled={!online || busy} onClick={() => unsubscribe.mutate(undefined, { onSuccess: () => toast.success(t('push.unsubscribed')) })}>
              <BellOffIcon />
              {t('push.unsubscribe')}
            </Button>
          ) : (
            <Button
              data-push-subscribe
              disabled={!online || busy || !status.data || state === 'unsupported' || state === 'denied'}
              onClick={() => status.data && subscribe.mutate(status.data.public_key, { onSuccess: () => toast.success(t('push.subscribed')) })}
            >
              <BellRingIcon />
              {t('push.subscribe')}
            </Button>
          )}
          <Button
            variant="outline"
            data-push-test
            disabled={!online || busy || !status.data?.devices}
            onClick={() => test.mutate(undefined, { onSuccess: (r) => toast.success(t('push.testSent', { count: r.sent })) })}
          >
            <SendIcon />
            {t('push.test')}
          </Button>
        </div>
        {status.data ? <PushThresholdForm key={status.data.channel_balance_threshold} threshold={status.data.channel_balance_threshold} /> : null}
      </CardContent>
    </Card>
  );
}
