import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { notifyError } from '../../lib/notify-error';
import { sendVerificationCode } from '../auth/api';
import { SendCodeButton } from '../auth/send-code-button';
import { TurnstileWidget } from '../auth/turnstile-widget';
import { useTurnstile } from '../auth/use-turnstile';
import { bindEmail } from './api';

export function EmailBindDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const turnstile = useTurnstile();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const mutation = useMutation({
    mutationFn: () => bindEmail(email.trim(), code.trim()),
    onSuccess: () => {
      toast.success(t('personal.bindings.emailBound'));
      onOpenChange(false);
      void queryClient.invalidateQueries({ queryKey: ['user', 'self'] });
    },
  });
  const send = async () => {
    if (!email.trim()) return (toast.error(t('personal.bindings.emailRequired')), false);
    if (!turnstile.ready()) return false;
    try {
      await sendVerificationCode(email.trim(), turnstile.token);
      toast.success(t('register.codeSent'));
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };
  const submit = () => {
    if (!email.trim()) return void toast.error(t('personal.bindings.emailRequired'));
    if (!code.trim()) return void toast.error(t('personal.bindings.codeRequired'));
    mutation.mutate();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('personal.bindings.emailTitle')}</DialogTitle>
          <DialogDescription className="sr-only">{t('personal.bindings.emailTitle')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <div className="flex gap-2">
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder={t('personal.bindings.emailPlaceholder')} />
            <SendCodeButton onSend={send} />
          </div>
          <Input value={code} onChange={(e) => setCode(e.target.value)} placeholder={t('personal.bindings.codePlaceholder')} />
          {turnstile.enabled ? <TurnstileWidget siteKey={turnstile.siteKey} onToken={turnstile.setToken} /> : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={mutation.isPending}>
            {t('personal.bindings.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
