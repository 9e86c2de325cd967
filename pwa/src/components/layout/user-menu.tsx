import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { KeyRoundIcon, LogOutIcon, UserRoundCogIcon, WalletIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SessionUser } from '../../../../core/contracts/user';
import { logout } from '../../features/auth/api';
import { clearStoredUser } from '../../features/auth/session';
import { roleLabelKey } from '../../features/auth/role-label';
import { clearPersistedQueries } from '../../lib/query-persistence';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../ui/dropdown-menu';

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = user.display_name || user.username;
  const signOut = async () => {
    try {
      await logout();
    } catch {
      /* the local session is cleared either way */
    }
    clearStoredUser();
    clearPersistedQueries();
    queryClient.clear();
    toast.success(t('nav.loggedOut'));
    await navigate({ to: '/login' });
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button" data-user-menu className="flex h-9 items-center gap-2 rounded-full py-1 pr-2.5 pl-1 text-sm font-medium hover:bg-accent">
          <span className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground uppercase">{name.slice(0, 1)}</span>
          <span className="hidden max-w-28 truncate md:inline">{name}</span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate text-sm text-foreground">{name}</span>
          <span className="font-normal">{t(roleLabelKey(user.role))}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/personal">
            <UserRoundCogIcon />
            {t('sidebar.personalSettings')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/topup">
            <WalletIcon />
            {t('sidebar.topup')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/token">
            <KeyRoundIcon />
            {t('sidebar.tokens')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive onSelect={() => void signOut()}>
          <LogOutIcon />
          {t('nav.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
