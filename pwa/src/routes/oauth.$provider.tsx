import { createFileRoute, notFound } from '@tanstack/react-router';
import type { OAuthProvider } from '../features/auth/api';
import { OAuthCallbackPage } from '../features/auth/oauth-callback-page';
import { searchString } from '../lib/search-params';

const PROVIDERS: OAuthProvider[] = ['github', 'oidc', 'linuxdo'];

/** /oauth/github, /oauth/oidc, /oauth/linuxdo. */
export const Route = createFileRoute('/oauth/$provider')({
  validateSearch: (search: Record<string, unknown>) => ({ code: searchString(search.code), state: searchString(search.state) }),
  beforeLoad: ({ params }) => {
    if (!PROVIDERS.includes(params.provider as OAuthProvider)) throw notFound();
  },
  component: OAuthRoute,
});

function OAuthRoute() {
  const { provider } = Route.useParams();
  const { code, state } = Route.useSearch();
  return <OAuthCallbackPage provider={provider as OAuthProvider} code={code} state={state} />;
}
