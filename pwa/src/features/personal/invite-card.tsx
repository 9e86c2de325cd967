import { useQuery } from '@tanstack/react-query';
import { ArrowRightLeftIcon, CopyIcon, GiftIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { useCopy } from '../../hooks/use-copy';
import { formatQuota } from '../../lib/quota-format';
import { selfQuery } from '../account/queries';
import { useQuotaDisplay } from '../status/queries';
import { AffTransferDialog } from './aff-transfer-dialog';
import { getAffCode } from './api';

/** Pending earnings (with transfer), total earnings, invite count, invite link. */
export function InviteCard() {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const copy = useCopy();
  const { data: user } = useQuery(selfQuery());
  const { data: code } = useQuery({ queryKey: ['user', 'aff'], queryFn: getAffCode, staleTime: Number.POSITIVE_INFINITY, meta: { persist: true } });
  const [transferOpen, setTransferOpen] = useState(false);
  const link = code ? `${window.location.origin}/register?aff=${code}` : '';
  const stats = [
    { key: 'pending', value: formatQuota(user?.aff_quota ?? 0, display) },
    { key: 'total', value: formatQuota(user?.aff_history_quota ?? 0, display) },
    { key: 'count', value: String(user?.aff_count ?? 0) },
  ];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="flex items-center gap-2">
          <GiftIcon className="size-4 text-primary" />
          {t('personal.invite.title')}
        </CardTitle>
        <Button size="sm" variant="outline" onClick={() => setTransferOpen(true)} disabled={!user?.aff_quota}>
          <ArrowRightLeftIcon />
          {t('personal.invite.transfer')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid grid-cols-3 divide-x rounded-lg border bg-muted/30">
          {stats.map((s) => (
            <div key={s.key} className="px-3 py-2.5 text-center">
              <p className="text-xs text-muted-foreground">{t(`personal.invite.${s.key}`)}</p>
              <p className="mt-0.5 font-semibold tabular-nums">{s.value}</p>
            </div>
          ))}
        </div>
        <div className="flex gap-2">
          <Input readOnly value={link} aria-label={t('personal.invite.link')} className="font-mono text-xs" />
          <Button variant="secondary" disabled={!link} onClick={() => void copy(link)} aria-label={t('common.copy')}>
            <CopyIcon />
          </Button>
        </div>
      </CardContent>
      <AffTransferDialog open={transferOpen} onOpenChange={setTransferOpen} available={user?.aff_quota ?? 0} />
    </Card>
  );
}
