import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FingerprintIcon, Link2Icon, MailIcon, MessageCircleIcon, SendIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { selfQuery } from '../account/queries';
import { GithubMark } from '../auth/provider-icons';
import { TelegramBindButton } from './telegram-bind-button';
import { useOAuthStart } from '../auth/use-oauth-start';
import { WechatCodeDialog } from '../auth/wechat-login-dialog';
import { useSiteStatus } from '../status/queries';
import { bindWechat } from './api';
import { EmailBindDialog } from './email-bind-dialog';

interface Row {
  key: 'email' | 'wechat' | 'github' | 'oidc' | 'telegram' | 'linuxdo';
  icon: ReactNode;
  value: string;
  enabled: boolean;
  action: ReactNode;
}

/** Email, WeChat, GitHub, OIDC, Telegram, Linux DO. */
export function BindingsCard() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const queryClient = useQueryClient();
  const { data: user } = useQuery(selfQuery());
  const { start, pending } = useOAuthStart();
  const [dialog, setDialog] = useState<'email' | 'wechat' | null>(null);
  const bindButton = (bound: boolean, onClick: () => void, disabled = false) => (
    <Button size="sm" variant="outline" onClick={onClick} disabled={disabled}>
      {bound ? t('personal.bindings.rebind') : t('personal.bindings.bind')}
    </Button>
  );
  const rows: Row[] = [
    { key: 'email', icon: <MailIcon />, value: user?.email ?? '', enabled: true, action: bindButton(!!user?.email, () => setDialog('email')) },
    { key: 'wechat', icon: <MessageCircleIcon />, value: user?.wechat_id ?? '', enabled: status.wechat_login, action: bindButton(!!user?.wechat_id, () => setDialog('wechat')) },
    { key: 'github', icon: <GithubMark className="size-4" />, value: user?.github_id ?? '', enabled: status.github_oauth, action: bindButton(!!user?.github_id, () => void start('github'), pending !== null) },
    { key: 'oidc', icon: <FingerprintIcon />, value: user?.oidc_id ?? '', enabled: status.oidc_enabled, action: bindButton(!!user?.oidc_id, () => void start('oidc'), pending !== null) },
    { key: 'telegram', icon: <SendIcon />, value: user?.telegram_id ?? '', enabled: status.telegram_oauth, action: user?.telegram_id ? null : <TelegramBindButton botName={status.telegram_bot_name} /> },
    { key: 'linuxdo', icon: <Link2Icon />, value: user?.linux_do_id ?? '', enabled: status.linuxdo_oauth, action: bindButton(!!user?.linux_do_id, () => void start('linuxdo'), pending !== null) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('personal.bindings.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-lg border" data-bindings>
          {rows.map((row) => (
            <li key={row.key} className="flex items-center gap-3 px-3 py-2.5">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground [&_svg]:size-4">{row.icon}</span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium">{t(`personal.bindings.${row.key}`)}</p>
                <p className="truncate text-xs text-muted-foreground">{row.value || t('personal.bindings.notBound')}</p>
              </div>
              {row.value ? <Badge tone="green">{t('personal.bindings.bound')}</Badge> : null}
              {row.enabled ? row.action : null}
            </li>
          ))}
        </ul>
      </CardContent>
      <EmailBindDialog open={dialog === 'email'} onOpenChange={(o) => setDialog(o ? 'email' : null)} />
      <WechatCodeDialog
        open={dialog === 'wechat'}
        onOpenChange={(o) => setDialog(o ? 'wechat' : null)}
        qrcode={status.wechat_qrcode}
        title={t('personal.bindings.wechatTitle')}
        submitLabel={t('personal.bindings.submit')}
        onSubmit={bindWechat}
        onDone={() => {
          toast.success(t('personal.bindings.wechatBound'));
          setDialog(null);
          void queryClient.invalidateQueries({ queryKey: ['user', 'self'] });
        }}
      />
    </Card>
  );
}
