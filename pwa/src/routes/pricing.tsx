import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { pricingQuery } from '../features/pricing/api';
import { PricingPage, type PricingSearch } from '../features/pricing/pricing-page';
import { searchString } from '../lib/search-params';

export const Route = createFileRoute('/pricing')({
  validateSearch: (s: Partial<PricingSearch> & SearchSchemaInput): PricingSearch => ({ q: searchString(s.q), group: searchString(s.group) }),
  search: { middlewares: [stripSearchParams({ q: '', group: '' })] },
  loader: ({ context }) => void context.queryClient.prefetchQuery(pricingQuery()),
  component: PricingRoute,
});

function PricingRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PricingPage search={search} onSearchChange={(next) => void navigate({ search: { ...search, ...next }, replace: true })} />;
}
