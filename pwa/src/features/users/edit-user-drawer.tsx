import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { User } from '../../../../core/contracts/user';
import { FormSheet } from '../../components/form/form-sheet';
import { QuotaField } from '../../components/form/quota-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { useSessionUser } from '../auth/session';
import { useQuotaDisplay } from '../status/queries';
import { AddQuotaDialog } from './add-quota-dialog';
import { BoundAccounts } from './bound-accounts';
import { GroupSelect } from './group-select';
import { useUpdateUser, userQuery } from './queries';
import { editUserSchema, userToEditForm } from './user-form-schemas';
import { editsOwnAccount } from './user-rules';

/** Username, display name, password; group and quota (with the add-quota dialog) unless it is one's own account. */
export function EditUserDrawer({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const me = useSessionUser();
  const ownAccount = user !== null && editsOwnAccount(me, user);
  const detail = useQuery({ ...userQuery(user?.id ?? 0), enabled: user !== null });
  // The fresh record when it came, the list's row when it could not be read.
  const current = detail.data ?? (detail.isError ? user : null);
  const form = useZodForm(editUserSchema(user?.id ?? 0, ownAccount), { username: '', display_name: '', password: '', group: '', quota: '0' });
  const update = useUpdateUser();
  const [addingQuota, setAddingQuota] = useState(false);
  // Filled once per opening, so a background refetch never overwrites what is being typed.
  const filledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!user) filledFor.current = null;
    else if (current && filledFor.current !== user.id) {
      form.reset(userToEditForm(current));
      filledFor.current = user.id;
    }
  }, [user, current]);
  const ready = current !== null;
  const submit = form.submit(async (body) => {
    await update.mutateAsync(body);
    toast.success(t('users.form.updated'));
    onClose();
  });
  return (
    <FormSheet open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={t('users.form.editTitle')} description={t('users.form.editDescription', { id: user?.id ?? '' })} onSubmit={submit} pending={form.pending || !ready} data={{ 'data-edit-user-drawer': '' }}>
      <fieldset disabled={!ready} className="grid gap-5">
        <Field label={t('users.form.username')} htmlFor="edit-user-username" required error={form.error('username')}>
          <Input id="edit-user-username" {...form.bind('username')} autoComplete="off" />
        </Field>
        <Field label={t('users.form.displayName')} htmlFor="edit-user-display-name" error={form.error('display_name')}>
          <Input id="edit-user-display-name" {...form.bind('display_name')} autoComplete="off" />
        </Field>
        <Field label={t('users.form.password')} htmlFor="edit-user-password" hint={t('users.form.passwordKeep')} error={form.error('password')}>
          <PasswordInput id="edit-user-password" {...form.bind('password')} autoComplete="new-password" />
        </Field>
        {ownAccount ? (
          <p className="rounded-md bg-muted/60 px-3 py-2 text-[13px] text-muted-foreground" data-own-account>
            {t('users.form.ownAccount')}
          </p>
        ) : (
          <>
            <Field label={t('users.form.group')} htmlFor="edit-user-group">
              <GroupSelect id="edit-user-group" value={form.values.group} onChange={(group) => form.set('group', group)} />
            </Field>
            <QuotaField
              id="edit-user-quota"
              label={t('users.form.quota')}
              value={form.values.quota}
              onChange={(quota) => form.set('quota', quota)}
              display={display}
              error={form.error('quota')}
              presets={false}
              action={
                <Button type="button" variant="outline" onClick={() => setAddingQuota(true)} data-open-add-quota>
                  <PlusIcon />
                  {t('users.addQuota.title')}
                </Button>
              }
            />
            <AddQuotaDialog open={addingQuota} onOpenChange={setAddingQuota} quota={Number(form.values.quota) || 0} display={display} onApply={(quota) => form.set('quota', String(quota))} />
          </>
        )}
        {current ? <BoundAccounts user={current} /> : null}
      </fieldset>
    </FormSheet>
  );
}
