import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SessionUser } from '../../../../core/contracts/user';
import { clearPersistedQueries } from '../../lib/query-persistence';
import { storeUser } from './session';

/** Stores the signed-in user and drops any data cached for a previous session. */
export function useSignIn() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'status' });
    clearPersistedQueries();
    storeUser(user);
    toast.success(t('login.success'));
  };
}
