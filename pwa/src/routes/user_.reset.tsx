import { createFileRoute } from '@tanstack/react-router';
import { ResetConfirmPage } from '../features/auth/reset-confirm-page';
import { searchString } from '../lib/search-params';

/** The link in the reset e-mail: /user/reset?email=&token=. */
export const Route = createFileRoute('/user_/reset')({
  validateSearch: (search: Record<string, unknown>) => ({ email: searchString(search.email), token: searchString(search.token) }),
  component: ResetConfirmRoute,
});

function ResetConfirmRoute() {
  const { email, token } = Route.useSearch();
  return <ResetConfirmPage email={email} token={token} />;
}
