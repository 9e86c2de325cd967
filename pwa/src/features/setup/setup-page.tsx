import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DatabaseIcon, ShieldCheckIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { Skeleton } from '../../components/ui/skeleton';
import { BusinessError, NetworkError } from '../../lib/http-errors';
import { AuthCard } from '../auth/auth-card';
import { isEmbeddedDatabase, setupStatusQuery, submitSetup } from './api';
import { setupPayload, validateSetup, type SetupErrors, type SetupValues } from './setup-validation';
import { UsageModePicker } from './usage-mode-picker';

export function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setup = useQuery(setupStatusQuery());
  const [values, setValues] = useState<SetupValues>({ username: '', password: '', confirmPassword: '', mode: 'external' });
  const [errors, setErrors] = useState<SetupErrors>({});
  useEffect(() => {
    if (setup.data?.status) void navigate({ to: '/' });
  }, [setup.data, navigate]);
  useEffect(() => {
    if (setup.isError) toast.error(t('setup.loadFailed'));
  }, [setup.isError, t]);

  const rootInit = setup.data?.root_init ?? false;
  const mutation = useMutation({
    mutationFn: async () => {
      const res = await submitSetup(setupPayload(values));
      if (!res.success) throw new BusinessError(res.message || t('setup.failed'));
      return res;
    },
    meta: { silent: true },
    onSuccess: (res) => {
      toast.success(res.message || t('setup.success'));
      setTimeout(() => window.location.reload(), 1500);
    },
    onError: (error) => toast.error(error instanceof NetworkError ? t('setup.networkFailed') : error.message || t('setup.failed')),
  });
  const set = (key: 'username' | 'password' | 'confirmPassword') => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateSetup(values, rootInit);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate();
  };
  const err = (k: keyof SetupErrors) => (errors[k] ? t(errors[k]) : undefined);

  return (
    <AuthCard title={t('setup.title')} subtitle={t('setup.subtitle')} wide>
      {setup.isPending ? (
        <div className="grid gap-3">
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
          <Skeleton className="h-24" />
        </div>
      ) : (
        <form className="grid gap-5" onSubmit={submit} noValidate data-setup-form>
          {setup.data && isEmbeddedDatabase(setup.data.database_type) ? (
            <Alert tone="warning" data-database-warning>
              <DatabaseIcon />
              <div>
                <p className="font-medium">{t('setup.databaseTitle')}</p>
                <p className="mt-1 text-[13px] leading-5 opacity-90">{t('setup.databaseEmbedded', { type: setup.data.database_type })}</p>
              </div>
            </Alert>
          ) : null}
          <section className="grid gap-3">
            <h2 className="flex items-center gap-2 text-sm font-semibold">
              <ShieldCheckIcon className="size-4 text-primary" />
              {t('setup.adminTitle')}
            </h2>
            {rootInit ? (
              <Alert tone="success">{t('setup.adminReady')}</Alert>
            ) : (
              <div className="grid gap-3">
                <Field label={t('setup.username')} htmlFor="setup-username" error={err('username')} required>
                  <Input id="setup-username" name="username" value={values.username} onChange={set('username')} placeholder={t('setup.usernamePlaceholder')} autoComplete="username" />
                </Field>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field label={t('setup.password')} htmlFor="setup-password" error={err('password')} required>
                    <PasswordInput id="setup-password" name="password" value={values.password} onChange={set('password')} placeholder={t('setup.passwordPlaceholder')} autoComplete="new-password" />
                  </Field>
                  <Field label={t('setup.confirmPassword')} htmlFor="setup-confirm" error={err('confirmPassword')} required>
                    <PasswordInput id="setup-confirm" name="confirmPassword" value={values.confirmPassword} onChange={set('confirmPassword')} placeholder={t('setup.confirmPasswordPlaceholder')} autoComplete="new-password" />
                  </Field>
                </div>
              </div>
            )}
          </section>
          <UsageModePicker value={values.mode} onChange={(mode) => setValues({ ...values, mode })} />
          <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending || mutation.isSuccess}>
            {t('setup.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
