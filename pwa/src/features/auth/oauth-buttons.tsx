import { FingerprintIcon, MessageCircleIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../core/contracts/user';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/http-client';
import { notifyError } from '../../lib/notify-error';
import { useSiteStatus } from '../status/queries';
import { wechatLogin } from './api';
import { GithubMark } from './provider-icons';
import { TelegramLoginButton } from './telegram-login-button';
import { useOAuthStart } from './use-oauth-start';
import { WechatCodeDialog } from './wechat-login-dialog';

/** One button per enabled third-party login: GitHub, OIDC, Linux DO, WeChat, Telegram. */
export function OAuthButtons({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const { start, pending } = useOAuthStart();
  const [wechatOpen, setWechatOpen] = useState(false);
  const any = status.github_oauth || status.oidc_enabled || status.linuxdo_oauth || status.wechat_login || status.telegram_oauth;
  if (!any) return null;
  const telegramLogin = async (fields: Record<string, string>) => {
    try {
      onSignedIn(await api.get<SessionUser>('/api/oauth/telegram/login', fields));
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <div className="mt-4 grid gap-3" data-oauth-buttons>
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {t('login.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="grid grid-cols-2 gap-2">
        {status.github_oauth ? (
          <Button variant="outline" disabled={pending !== null} onClick={() => void start('github')}>
            <GithubMark className="size-4" />
            {t('oauth.github')}
          </Button>
        ) : null}
        {status.oidc_enabled ? (
          <Button variant="outline" disabled={pending !== null} onClick={() => void start('oidc')}>
            <FingerprintIcon />
            {t('oauth.oidc')}
          </Button>
        ) : null}
        {status.linuxdo_oauth ? (
          <Button variant="outline" disabled={pending !== null} onClick={() => void start('linuxdo')}>
            <span className="flex size-4 items-center justify-center rounded-full bg-gradient-to-b from-zinc-900 via-zinc-100 to-amber-400 text-[0px]">L</span>
            {t('oauth.linuxdo')}
          </Button>
        ) : null}
        {status.wechat_login ? (
          <Button variant="outline" onClick={() => setWechatOpen(true)}>
            <MessageCircleIcon className="text-emerald-600" />
            {t('oauth.wechat')}
          </Button>
        ) : null}
      </div>
      {status.telegram_oauth ? (
        <div className="flex items-center justify-center gap-2 text-xs text-muted-foreground">
          <SendIcon className="size-3.5" />
          <TelegramLoginButton botName={status.telegram_bot_name} onAuth={(f) => void telegramLogin(f)} />
        </div>
      ) : null}
      <WechatCodeDialog
        open={wechatOpen}
        onOpenChange={setWechatOpen}
        qrcode={status.wechat_qrcode}
        title={t('oauth.wechatTitle')}
        submitLabel={t('oauth.wechatSubmit')}
        onSubmit={wechatLogin}
        onDone={(user) => user && onSignedIn(user)}
      />
    </div>
  );
}
