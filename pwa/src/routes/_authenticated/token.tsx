import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { tokensQuery, type TokenListParams } from '../../features/tokens/queries';
import { TokensPage } from '../../features/tokens/tokens-page';
import { rememberPageSize, storedPageSize } from '../../lib/page-size';
import { searchNumber, searchString } from '../../lib/search-params';

export const Route = createFileRoute('/_authenticated/token')({
  validateSearch: (s: Partial<TokenListParams> & SearchSchemaInput): TokenListParams => ({
    page: searchNumber(s.page, 1, { min: 1 }),
    size: searchNumber(s.size, storedPageSize(), { min: 1, max: 100 }),
    keyword: searchString(s.keyword),
    token: searchString(s.token),
  }),
  search: { middlewares: [stripSearchParams({ page: 1, keyword: '', token: '' })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(tokensQuery(deps)),
  component: TokenRoute,
});

function TokenRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TokensPage
      search={search}
      onSearchChange={(next) => {
        if (next.size) rememberPageSize(next.size);
        void navigate({ search: { ...search, ...next } });
      }}
    />
  );
}
