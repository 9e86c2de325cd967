import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleAlertIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { localStore } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { useSiteStatus } from '../status/queries';
import { login } from './api';
import { AuthCard } from './auth-card';
import { DefaultPasswordDialog } from './default-password-dialog';
import { OAuthButtons } from './oauth-buttons';
import { afterLoginTarget } from './route-guards';
import { TurnstileWidget } from './turnstile-widget';
import { useSignIn } from './use-sign-in';
import { useTurnstile } from './use-turnstile';

export function LoginPage({ expired, redirect, aff }: { expired: boolean; redirect?: string; aff?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useSiteStatus();
  const signIn = useSignIn();
  const turnstile = useTurnstile();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [defaultPassword, setDefaultPassword] = useState(false);

  useEffect(() => {
    if (aff) localStore.set(storageKeys.aff, aff);
  }, [aff]);
  useEffect(() => {
    if (expired) toast.error(t('login.expired'), { id: 'login-expired' });
  }, [expired, t]);

  const mutation = useMutation({
    mutationFn: () => login({ username: username.trim(), password }, turnstile.token),
    onSuccess: (user) => {
      signIn(user);
      if (user.username === 'root' && password === '123456') setDefaultPassword(true);
      else void navigate({ href: afterLoginTarget(redirect) });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      toast.error(t('login.required'));
      return;
    }
    if (turnstile.ready()) mutation.mutate();
  };

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      {expired ? (
        <Alert tone="warning" className="mb-4" data-expired-alert>
          <CircleAlertIcon />
          <span>{t('login.expired')}</span>
        </Alert>
      ) : null}
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <Field label={t('login.username')} htmlFor="login-username">
          <Input id="login-username" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} placeholder={t('login.usernamePlaceholder')} autoFocus />
        </Field>
        <Field label={t('login.password')} htmlFor="login-password">
          <PasswordInput id="login-password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} placeholder={t('login.passwordPlaceholder')} />
        </Field>
        {turnstile.enabled ? <TurnstileWidget siteKey={turnstile.siteKey} onToken={turnstile.setToken} /> : null}
        <Button type="submit" className="w-full" disabled={mutation.isPending}>
          {t('login.submit')}
        </Button>
      </form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-[13px] text-muted-foreground">
        <span>
          {t('login.forgot')}{' '}
          <Link to="/reset" className="font-medium text-primary hover:underline">
            {t('login.reset')}
          </Link>
        </span>
        {status.self_use_mode_enabled ? null : (
          <span>
            {t('login.noAccount')}{' '}
            <Link to="/register" className="font-medium text-primary hover:underline">
              {t('login.register')}
            </Link>
          </span>
        )}
      </div>
      <OAuthButtons
        onSignedIn={(user) => {
          signIn(user);
          void navigate({ to: '/' });
        }}
      />
      <DefaultPasswordDialog
        open={defaultPassword}
        onChangeNow={() => void navigate({ to: '/personal' })}
        onLater={() => void navigate({ href: afterLoginTarget(redirect) })}
      />
    </AuthCard>
  );
}
