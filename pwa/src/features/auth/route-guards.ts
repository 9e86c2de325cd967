import type { SessionUser } from '../../../../core/contracts/user';
import { isAdmin } from './session';

export interface LoginRedirect {
  to: '/login';
  search: { expired: boolean; redirect?: string };
}

/** Protected routes: no stored user → /login (with the expired notice and the way back). */
export function loginRedirectFor(user: SessionUser | null, href: string): LoginRedirect | null {
  if (user) return null;
  return { to: '/login', search: { expired: true, redirect: href.startsWith('/') ? href : undefined } };
}

/** Admin routes need role ≥ 10. */
export function adminAllowed(user: SessionUser | null): boolean {
  return isAdmin(user);
}

/** Setup gate: until setup is done every path goes to /setup; afterwards /setup goes to /. */
export function setupRedirectFor(pathname: string, setupDone: boolean): '/setup' | '/' | null {
  const onSetup = pathname === '/setup' || pathname.startsWith('/setup/');
  if (!setupDone && !onSetup) return '/setup';
  if (setupDone && onSetup) return '/';
  return null;
}

/** Where to go after a password login: back to the page that asked, else /token. */
export function afterLoginTarget(redirect: string | undefined): string {
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/login')) return redirect;
  return '/token';
}
