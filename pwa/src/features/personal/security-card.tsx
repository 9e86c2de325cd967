import { useMutation } from '@tanstack/react-query';
import { KeyRoundIcon, LockKeyholeIcon, Trash2Icon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { useCopy } from '../../hooks/use-copy';
import { useOnline } from '../../lib/online-status';
import { generateAccessToken } from './api';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';

function SecurityRow({ icon, title, hint, children }: { icon: ReactNode; title: string; hint: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3 px-3 py-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground [&_svg]:size-4">{icon}</span>
      <div className="min-w-0 flex-1 basis-48">
        <p className="text-sm font-medium">{title}</p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
      {children}
    </div>
  );
}

/** Access token (copied to the clipboard), password change, account deletion. */
export function SecurityCard({ username }: { username: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const online = useOnline();
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null);
  const token = useMutation({ mutationFn: generateAccessToken, onSuccess: (value) => void copy(value, t('personal.security.generated')) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('personal.security.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="divide-y rounded-lg border">
          <SecurityRow icon={<KeyRoundIcon />} title={t('personal.security.accessToken')} hint={t('personal.security.accessTokenHint')}>
            <Button size="sm" variant="outline" onClick={() => token.mutate()} disabled={token.isPending || !online} data-generate-access-token>
              {t('personal.security.generate')}
            </Button>
          </SecurityRow>
          {token.data ? (
            <div className="px-3 py-2.5">
              <Input readOnly value={token.data} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} data-access-token />
            </div>
          ) : null}
          <SecurityRow icon={<LockKeyholeIcon />} title={t('personal.security.password')} hint={t('personal.security.passwordHint')}>
            <Button size="sm" variant="outline" onClick={() => setDialog('password')} disabled={!online}>
              {t('personal.security.changePassword')}
            </Button>
          </SecurityRow>
          <SecurityRow icon={<Trash2Icon />} title={t('personal.security.deleteAccount')} hint={t('personal.security.deleteHint')}>
            <Button size="sm" variant="outline" className="text-destructive" onClick={() => setDialog('delete')} disabled={!online}>
              {t('personal.security.deleteAccount')}
            </Button>
          </SecurityRow>
        </div>
      </CardContent>
      <ChangePasswordDialog open={dialog === 'password'} onOpenChange={(o) => setDialog(o ? 'password' : null)} />
      <DeleteAccountDialog open={dialog === 'delete'} onOpenChange={(o) => setDialog(o ? 'delete' : null)} username={username} />
    </Card>
  );
}
