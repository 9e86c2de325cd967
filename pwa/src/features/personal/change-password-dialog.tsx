import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { changePassword } from './api';
import { validatePasswordChange } from './password-validation';

export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ original: '', next: '', confirm: '' });
  const mutation = useMutation({
    mutationFn: () => changePassword(values.original, values.next),
    onSuccess: () => {
      toast.success(t('personal.security.passwordChanged'));
      setValues({ original: '', next: '', confirm: '' });
      onOpenChange(false);
    },
  });
  const submit = () => {
    const problem = validatePasswordChange(values);
    if (problem) return void toast.error(t(problem));
    mutation.mutate();
  };
  const field = (key: keyof typeof values, label: string, autoComplete: string) => (
    <Field label={label} htmlFor={`pw-${key}`}>
      <PasswordInput id={`pw-${key}`} autoComplete={autoComplete} value={values[key]} onChange={(e) => setValues({ ...values, [key]: e.target.value })} />
    </Field>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('personal.security.changePassword')}</DialogTitle>
          <DialogDescription>{t('personal.security.passwordHint')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          {field('original', t('personal.security.originalPassword'), 'current-password')}
          {field('next', t('personal.security.newPassword'), 'new-password')}
          {field('confirm', t('personal.security.confirmPassword'), 'new-password')}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={mutation.isPending}>
            {t('common.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
