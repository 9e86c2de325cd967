import { createFileRoute, redirect } from '@tanstack/react-router';
import { loginRedirectFor } from '../features/auth/route-guards';
import { getStoredUser } from '../features/auth/session';

/** Every console page: no stored user → /login. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ location }) => {
    const target = loginRedirectFor(getStoredUser(), location.href);
    if (target) throw redirect(target);
  },
});
