import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../core/contracts/user';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';

/** WeChat QR modal: scan, get a code from the official account (valid 3 minutes), enter it. */
export function WechatCodeDialog({
  open,
  onOpenChange,
  qrcode,
  title,
  submitLabel,
  onSubmit,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  qrcode: string;
  title: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<SessionUser | undefined>;
  onDone: (user: SessionUser | undefined) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const mutation = useMutation({ mutationFn: () => onSubmit(code.trim()), onSuccess: onDone });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t('oauth.wechatHint')}</DialogDescription>
        </DialogHeader>
        {qrcode ? <img src={qrcode} alt="WeChat QR" className="mx-auto size-48 rounded-lg border bg-white p-2" /> : null}
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (code.trim()) mutation.mutate();
          }}
        >
          <Input value={code} onChange={(e) => setCode(e.target.value)} placeholder={t('oauth.wechatCode')} autoFocus />
          <DialogFooter>
            <Button type="submit" disabled={!code.trim() || mutation.isPending} className="w-full">
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
