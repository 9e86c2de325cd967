import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { UserManageAction } from '../../../../core/contracts/admin-user';
import type { User } from '../../../../core/contracts/user';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useOnline } from '../../lib/online-status';
import { useSessionUser } from '../auth/session';
import { useManageUser } from './queries';
import { UserActionMenu } from './user-action-menu';
import { userActions } from './user-rules';

/** Promote, demote and deregister ask first; enable and disable act at once. */
const CONFIRMED = new Set<UserManageAction>(['promote', 'demote', 'delete']);

/** Edit plus the manage actions the role rules allow; deregistered users and peers get none. */
export function UserRowActions({ user, onEdit }: { user: User; onEdit: (user: User) => void }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const online = useOnline();
  const manage = useManageUser();
  const [confirming, setConfirming] = useState<UserManageAction | null>(null);
  const allowed = me ? userActions(me, user) : null;
  if (!allowed?.edit) return <span className="text-xs text-muted-foreground">—</span>;
  const run = (action: UserManageAction) =>
    manage.mutate({ id: user.id, action }, { onSuccess: () => toast.success(t('common.success')), onSettled: () => setConfirming(null) });
  const offlineTitle = online ? undefined : t('common.offlineAction');
  return (
    <div className="flex items-center justify-end gap-1">
      <Button size="xs" variant="ghost" onClick={() => onEdit(user)} disabled={!online} title={offlineTitle} data-edit-user>
        <PencilIcon />
        <span className="sr-only sm:not-sr-only">{t('common.edit')}</span>
      </Button>
      <UserActionMenu allowed={allowed} disabled={!online} busy={manage.isPending} title={offlineTitle} onSelect={(action) => (CONFIRMED.has(action) ? setConfirming(action) : run(action))} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={confirming ? t(`users.confirm.${confirming}Title`, { name: user.username }) : ''}
        description={confirming ? t(`users.confirm.${confirming}Body`) : ''}
        confirmLabel={confirming ? t(`users.actions.${confirming}`) : undefined}
        destructive={confirming === 'delete'}
        pending={manage.isPending}
        onConfirm={() => confirming && run(confirming)}
      />
    </div>
  );
}
