import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MailIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useCountdown } from '../../hooks/use-countdown';
import { requestPasswordReset } from './api';
import { AuthCard } from './auth-card';
import { RESEND_COOLDOWN_SECONDS } from './send-code-button';
import { TurnstileWidget } from './turnstile-widget';
import { useTurnstile } from './use-turnstile';

/** E-mail field, optional human check, submit disabled for 30 s after a click. */
export function ResetRequestPage() {
  const { t } = useTranslation();
  const turnstile = useTurnstile();
  const countdown = useCountdown();
  const [email, setEmail] = useState('');
  const mutation = useMutation({
    mutationFn: () => requestPasswordReset(email.trim(), turnstile.token),
    onSuccess: () => toast.success(t('reset.sent')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    if (!turnstile.ready()) return;
    countdown.start(RESEND_COOLDOWN_SECONDS);
    mutation.mutate();
  };
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <Field label={t('reset.email')} htmlFor="reset-email">
          <Input id="reset-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder={t('reset.emailPlaceholder')} autoFocus />
        </Field>
        {turnstile.enabled ? <TurnstileWidget siteKey={turnstile.siteKey} onToken={turnstile.setToken} /> : null}
        <Button type="submit" className="w-full" disabled={countdown.active || mutation.isPending}>
          <MailIcon />
          {countdown.active ? t('common.retryIn', { seconds: countdown.remaining }) : t('reset.submit')}
        </Button>
      </form>
      <p className="mt-4 text-center text-[13px]">
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t('reset.backToLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}
