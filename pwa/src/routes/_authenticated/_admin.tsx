import { createFileRoute, redirect } from '@tanstack/react-router';
import { adminAllowed } from '../../features/auth/route-guards';
import { getStoredUser } from '../../features/auth/session';

/** Admin screens need role ≥ 10; others are sent to their token list. */
export const Route = createFileRoute('/_authenticated/_admin')({
  beforeLoad: () => {
    if (!adminAllowed(getStoredUser())) throw redirect({ to: '/token', replace: true });
  },
});
