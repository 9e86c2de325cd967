import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/register-page';
import { optionalString } from '../lib/search-params';

export const Route = createFileRoute('/register')({
  validateSearch: (search: Record<string, unknown>): { aff?: string } => ({ aff: optionalString(search.aff) }),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { aff } = Route.useSearch();
  return <RegisterPage aff={aff} />;
}
