import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page';
import { optionalString, searchFlag } from '../lib/search-params';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { expired?: boolean; redirect?: string; aff?: string } => ({
    expired: searchFlag(search.expired) || undefined,
    redirect: optionalString(search.redirect),
    aff: optionalString(search.aff),
  }),
  component: LoginRoute,
});

function LoginRoute() {
  const { expired, redirect, aff } = Route.useSearch();
  return <LoginPage expired={expired === true} redirect={redirect} aff={aff} />;
}
