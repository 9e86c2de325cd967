import { ClockIcon, MailIcon, PhoneOffIcon, QrCodeIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { useSiteStatus } from '../status/queries';

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex gap-3.5 pt-4">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5">{icon}</div>
        <div className="min-w-0">
          <p className="text-sm font-semibold">{title}</p>
          <div className="mt-1 text-[13px] text-muted-foreground">{children}</div>
        </div>
      </CardContent>
    </Card>
  );
}

/** Customer support: QR contact, service hours, e-mail, phone (not yet available). */
export function ContactPage() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title={t('contact.title')} description={t('contact.subtitle')} />
      <div className="grid gap-3 md:grid-cols-[280px_1fr]">
        <Card className="md:row-span-3">
          <CardContent className="flex flex-col items-center gap-3 pt-5 text-center">
            <p className="text-sm font-semibold">{t('contact.qrTitle')}</p>
            {status.wechat_qrcode ? (
              <img src={status.wechat_qrcode} alt="QR" className="size-48 rounded-lg border bg-white p-2" />
            ) : (
              <div className="flex size-48 items-center justify-center rounded-lg border border-dashed bg-muted/40 text-muted-foreground">
                <QrCodeIcon className="size-14 opacity-40" />
              </div>
            )}
            <p className="text-[13px] text-muted-foreground">{status.wechat_qrcode ? t('contact.qrBody') : t('contact.qrEmpty')}</p>
          </CardContent>
        </Card>
        <ContactCard icon={<ClockIcon />} title={t('contact.hoursTitle')}>
          {t('contact.hoursBody')}
        </ContactCard>
        <ContactCard icon={<MailIcon />} title={t('contact.emailTitle')}>
          {t('contact.emailBody')}
        </ContactCard>
        <ContactCard icon={<PhoneOffIcon />} title={t('contact.phoneTitle')}>
          <Badge tone="gray">{t('contact.phoneBody')}</Badge>
        </ContactCard>
      </div>
    </PageContainer>
  );
}
