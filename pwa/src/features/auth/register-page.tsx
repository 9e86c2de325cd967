import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { localStore } from '../../lib/local-store';
import { notifyError } from '../../lib/notify-error';
import { storageKeys } from '../../lib/storage-keys';
import { useSiteStatus } from '../status/queries';
import { register, sendVerificationCode } from './api';
import { AuthCard } from './auth-card';
import { validateRegister, type RegisterErrors, type RegisterValues } from './register-validation';
import { SendCodeButton } from './send-code-button';
import { TurnstileWidget } from './turnstile-widget';
import { useTurnstile } from './use-turnstile';

const empty: RegisterValues = { username: '', password: '', password2: '', email: '', verification_code: '' };

export function RegisterPage({ aff }: { aff?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useSiteStatus();
  const turnstile = useTurnstile();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<RegisterErrors>({});
  useEffect(() => {
    if (aff) localStore.set(storageKeys.aff, aff);
  }, [aff]);

  const set = (key: keyof RegisterValues) => (e: { target: { value: string } }) => {
    setValues({ ...values, [key]: e.target.value });
    if (errors[key]) setErrors({ ...errors, [key]: undefined });
  };
  const mutation = useMutation({
    mutationFn: () =>
      register({ ...values, username: values.username.trim(), aff_code: localStore.get(storageKeys.aff) ?? '' }, turnstile.token),
    onSuccess: () => {
      toast.success(t('register.success'));
      void navigate({ to: '/login' });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegister(values, status.email_verification);
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) {
      toast.error(t(first));
      return;
    }
    if (turnstile.ready()) mutation.mutate();
  };
  const sendCode = async () => {
    if (!values.email.trim()) {
      setErrors({ ...errors, email: 'register.errors.emailRequired' });
      return false;
    }
    if (!turnstile.ready()) return false;
    try {
      await sendVerificationCode(values.email.trim(), turnstile.token);
      toast.success(t('register.codeSent'));
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };
  const err = (key: keyof RegisterValues) => (errors[key] ? t(errors[key]) : undefined);

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <form className="grid gap-4" onSubmit={submit} noValidate data-register-form>
        <Field label={t('register.username')} htmlFor="reg-username" error={err('username')}>
          <Input id="reg-username" name="username" autoComplete="username" value={values.username} onChange={set('username')} placeholder={t('register.usernamePlaceholder')} aria-invalid={!!errors.username} />
        </Field>
        <Field label={t('register.password')} htmlFor="reg-password" error={err('password')}>
          <PasswordInput id="reg-password" name="password" autoComplete="new-password" value={values.password} onChange={set('password')} placeholder={t('register.passwordPlaceholder')} aria-invalid={!!errors.password} />
        </Field>
        <Field label={t('register.password2')} htmlFor="reg-password2" error={err('password2')}>
          <PasswordInput id="reg-password2" name="password2" autoComplete="new-password" value={values.password2} onChange={set('password2')} placeholder={t('register.password2Placeholder')} aria-invalid={!!errors.password2} />
        </Field>
        {status.email_verification ? (
          <>
            <Field label={t('register.email')} htmlFor="reg-email" error={err('email')}>
              <div className="flex gap-2">
                <Input id="reg-email" type="email" name="email" autoComplete="email" value={values.email} onChange={set('email')} placeholder={t('register.emailPlaceholder')} aria-invalid={!!errors.email} />
                <SendCodeButton onSend={sendCode} />
              </div>
            </Field>
            <Field label={t('register.code')} htmlFor="reg-code" error={err('verification_code')}>
              <Input id="reg-code" name="verification_code" value={values.verification_code} onChange={set('verification_code')} placeholder={t('register.codePlaceholder')} aria-invalid={!!errors.verification_code} />
            </Field>
          </>
        ) : null}
        {turnstile.enabled ? <TurnstileWidget siteKey={turnstile.siteKey} onToken={turnstile.setToken} /> : null}
        <Button type="submit" className="w-full" disabled={mutation.isPending}>
          {t('register.submit')}
        </Button>
      </form>
      <p className="mt-4 text-center text-[13px] text-muted-foreground">
        {t('register.hasAccount')}{' '}
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t('register.login')}
        </Link>
      </p>
    </AuthCard>
  );
}
