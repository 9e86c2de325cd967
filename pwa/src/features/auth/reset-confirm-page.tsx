import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useCopy } from '../../hooks/use-copy';
import { confirmPasswordReset } from './api';
import { AuthCard } from './auth-card';

/** Reads email and token from the link; shows the new password read-only and copies it. */
export function ResetConfirmPage({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const mutation = useMutation({
    mutationFn: () => confirmPasswordReset(email, token),
    onSuccess: (password) => void copy(password, t('reset.newPasswordCopied', { password })),
  });
  const valid = Boolean(email && token);
  return (
    <AuthCard title={t('reset.confirmTitle')} subtitle={t('reset.confirmSubtitle')}>
      {valid ? (
        <div className="grid gap-4">
          <Field label={t('reset.email')}>
            <Input value={email} readOnly />
          </Field>
          {mutation.data ? (
            <Field label={t('reset.newPassword')}>
              <Input value={mutation.data} readOnly className="font-mono" data-new-password onFocus={(e) => e.currentTarget.select()} />
            </Field>
          ) : null}
          <Button className="w-full" disabled={mutation.isPending || mutation.isSuccess} onClick={() => mutation.mutate()}>
            {t('reset.confirm')}
          </Button>
        </div>
      ) : (
        <Alert tone="error">{t('reset.invalidLink')}</Alert>
      )}
      <p className="mt-4 text-center text-[13px]">
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t('reset.backToLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}
