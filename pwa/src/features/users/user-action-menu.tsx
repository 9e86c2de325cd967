import { ArrowDownIcon, ArrowUpIcon, EllipsisIcon, PowerIcon, PowerOffIcon, UserXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserManageAction } from '../../../../core/contracts/admin-user';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import type { UserActions } from './user-rules';

interface Props {
  allowed: UserActions;
  /** Disabled offline (with the reason as title) and while an action runs. */
  disabled: boolean;
  busy: boolean;
  title?: string;
  onSelect: (action: UserManageAction) => void;
}

/** The manage actions the role rules allow, behind a "more" button; nothing when none is allowed. */
export function UserActionMenu({ allowed, disabled, busy, title, onSelect }: Props) {
  const { t } = useTranslation();
  if (!(allowed.promote || allowed.demote || allowed.disable || allowed.enable || allowed.delete)) return null;
  const item = (action: UserManageAction, icon: ReactNode, label: string, blocked = false) => (
    <DropdownMenuItem onSelect={() => onSelect(action)} disabled={busy || blocked} destructive={action === 'delete'} data-action={action}>
      {icon}
      {label}
    </DropdownMenuItem>
  );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="icon-sm" variant="ghost" aria-label={t('common.more')} disabled={disabled} title={title} data-user-menu>
          <EllipsisIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {allowed.promote ? item('promote', <ArrowUpIcon />, t('users.actions.promote')) : null}
        {allowed.demote ? item('demote', <ArrowDownIcon />, t('users.actions.demote')) : null}
        {allowed.disable ? item('disable', <PowerOffIcon />, t('common.disable')) : null}
        {allowed.enable ? item('enable', <PowerIcon />, t('common.enable'), allowed.enableBlocked) : null}
        {allowed.delete ? <DropdownMenuSeparator /> : null}
        {allowed.delete ? item('delete', <UserXIcon />, t('users.actions.delete')) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
