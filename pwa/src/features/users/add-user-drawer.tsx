import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormSheet } from '../../components/form/form-sheet';
import { useZodForm } from '../../components/form/use-zod-form';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { useCreateUser } from './queries';
import { addUserSchema, emptyAddUser } from './user-form-schemas';

/** A new common user: username, display name (optional) and password. */
export function AddUserDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const form = useZodForm(addUserSchema, emptyAddUser());
  const create = useCreateUser();
  useEffect(() => {
    if (open) form.reset(emptyAddUser());
  }, [open]);
  const submit = form.submit(async (body) => {
    await create.mutateAsync(body);
    toast.success(t('users.form.created'));
    onOpenChange(false);
  });
  return (
    <FormSheet open={open} onOpenChange={onOpenChange} title={t('users.form.addTitle')} description={t('users.form.addDescription')} onSubmit={submit} pending={form.pending} data={{ 'data-add-user-drawer': '' }}>
      <Field label={t('users.form.username')} htmlFor="add-user-username" required error={form.error('username')}>
        <Input id="add-user-username" {...form.bind('username')} placeholder={t('users.form.usernamePlaceholder')} autoComplete="off" />
      </Field>
      <Field label={t('users.form.displayName')} htmlFor="add-user-display-name" error={form.error('display_name')}>
        <Input id="add-user-display-name" {...form.bind('display_name')} placeholder={t('users.form.displayNamePlaceholder')} autoComplete="off" />
      </Field>
      <Field label={t('users.form.password')} htmlFor="add-user-password" required error={form.error('password')}>
        <PasswordInput id="add-user-password" {...form.bind('password')} placeholder={t('register.passwordPlaceholder')} autoComplete="new-password" />
      </Field>
    </FormSheet>
  );
}
