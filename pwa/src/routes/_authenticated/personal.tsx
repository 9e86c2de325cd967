import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { selfQuery } from '../../features/account/queries';
import { PersonalPage, type PersonalTab } from '../../features/personal/personal-page';

export const Route = createFileRoute('/_authenticated/personal')({
  validateSearch: (s: { tab?: string } & SearchSchemaInput): { tab: PersonalTab } => ({ tab: s.tab === 'notify' ? 'notify' : 'profile' }),
  search: { middlewares: [stripSearchParams({ tab: 'profile' })] },
  loader: ({ context }) => void context.queryClient.prefetchQuery(selfQuery()),
  component: PersonalRoute,
});

function PersonalRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PersonalPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next } })} />;
}
