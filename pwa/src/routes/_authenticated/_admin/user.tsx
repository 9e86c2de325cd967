import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { mergeTableSearch, parseTableSearch, TABLE_SEARCH_DEFAULTS } from '../../../components/data-table/table-search';
import { usersQuery } from '../../../features/users/queries';
import { UsersPage, type UserSearch } from '../../../features/users/users-page';
import { searchString } from '../../../lib/search-params';

export const Route = createFileRoute('/_authenticated/_admin/user')({
  validateSearch: (s: Partial<UserSearch> & SearchSchemaInput): UserSearch => ({ ...parseTableSearch(s), keyword: searchString(s.keyword), group: searchString(s.group) }),
  search: { middlewares: [stripSearchParams({ ...TABLE_SEARCH_DEFAULTS, keyword: '', group: '' })] },
  loaderDeps: ({ search: { page, size, keyword, group } }) => ({ page, size, keyword, group }),
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(usersQuery(deps)),
  component: UserRoute,
});

function UserRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UsersPage search={search} onSearchChange={(next) => void navigate({ search: mergeTableSearch(search, next) })} />;
}
