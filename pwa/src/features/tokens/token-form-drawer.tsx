import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Token } from '../../../../core/contracts/token';
import { Button } from '../../components/ui/button';
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '../../components/ui/sheet';
import { useOnline } from '../../lib/online-status';
import { useQuotaDisplay } from '../status/queries';
import { createToken, updateToken } from './api';
import { batchTokenNames } from './batch-names';
import { defaultTokenForm, tokenFormToPayload, tokenToForm } from './token-form-state';
import { TokenFormFields } from './token-form-fields';

/** Create (optionally a batch) or edit a token in a side drawer. */
export function TokenFormDrawer({ open, onOpenChange, token }: { open: boolean; onOpenChange: (open: boolean) => void; token: Token | null }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const online = useOnline();
  const queryClient = useQueryClient();
  const creating = token === null;
  const [values, setValues] = useState(() => defaultTokenForm(display));
  useEffect(() => {
    if (open) setValues(token ? tokenToForm(token, display) : defaultTokenForm(display));
  }, [open, token]);

  const mutation = useMutation({
    mutationFn: async () => {
      const result = tokenFormToPayload(values, display, creating);
      if (!result.ok) throw new Error(t(result.error));
      if (token) {
        await updateToken({ ...result.payload, id: token.id });
        return 1;
      }
      for (const name of batchTokenNames(result.payload.name, result.count)) await createToken({ ...result.payload, name });
      return result.count;
    },
    onSuccess: (count) => {
      if (!creating) toast.success(t('tokens.form.updated'));
      else toast.success(count && count > 1 ? t('tokens.form.createdCount', { count }) : t('tokens.form.created'), { duration: 3000 });
      onOpenChange(false);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tokens'] }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate();
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent data-token-drawer>
        <form onSubmit={submit} className="flex h-full flex-col">
          <SheetHeader>
            <SheetTitle>{creating ? t('tokens.form.createTitle') : t('tokens.form.editTitle')}</SheetTitle>
            <SheetDescription>{t('tokens.form.description')}</SheetDescription>
          </SheetHeader>
          <SheetBody>
            <TokenFormFields values={values} onChange={setValues} creating={creating} display={display} />
          </SheetBody>
          <SheetFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending || !online} title={online ? undefined : t('common.offlineAction')}>
              {creating ? t('tokens.form.submitCreate') : t('tokens.form.submitEdit')}
            </Button>
          </SheetFooter>
        </form>
      </SheetContent>
    </Sheet>
  );
}
