import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { mergeTableSearch, parseTableSearch, TABLE_SEARCH_DEFAULTS } from '../../../components/data-table/table-search';
import { redemptionsQuery } from '../../../features/redemption/queries';
import { RedemptionsPage, type RedemptionSearch } from '../../../features/redemption/redemptions-page';
import { searchString } from '../../../lib/search-params';

export const Route = createFileRoute('/_authenticated/_admin/redemption')({
  validateSearch: (s: Partial<RedemptionSearch> & SearchSchemaInput): RedemptionSearch => ({ ...parseTableSearch(s), keyword: searchString(s.keyword) }),
  search: { middlewares: [stripSearchParams({ ...TABLE_SEARCH_DEFAULTS, keyword: '' })] },
  loaderDeps: ({ search: { page, size, keyword } }) => ({ page, size, keyword }),
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(redemptionsQuery(deps)),
  component: RedemptionRoute,
});

function RedemptionRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <RedemptionsPage search={search} onSearchChange={(next) => void navigate({ search: mergeTableSearch(search, next) })} />;
}
