import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { DASHBOARD_SEARCH_DEFAULTS, type DashboardSearch } from '../../features/dashboard/dashboard-search';
import { asGranularity } from '../../features/dashboard/usage-series';
import { searchNumber, searchString } from '../../lib/search-params';

export const Route = createFileRoute('/_authenticated/detail')({
  validateSearch: (s: Partial<DashboardSearch> & SearchSchemaInput): DashboardSearch => ({
    start: searchNumber(s.start, 0, { min: 0 }),
    end: searchNumber(s.end, 0, { min: 0 }),
    granularity: s.granularity ? asGranularity(searchString(s.granularity)) : '',
    username: searchString(s.username),
  }),
  search: { middlewares: [stripSearchParams(DASHBOARD_SEARCH_DEFAULTS)] },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <DashboardPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
