import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { LOG_SEARCH_DEFAULTS, type LogSearch } from '../../features/logs/log-search';
import { UsageLogsPage } from '../../features/logs/usage-logs-page';
import { rememberPageSize, storedPageSize } from '../../lib/page-size';
import { searchNumber, searchString } from '../../lib/search-params';

export const Route = createFileRoute('/_authenticated/log')({
  validateSearch: (s: Partial<LogSearch> & SearchSchemaInput): LogSearch => ({
    page: searchNumber(s.page, 1, { min: 1 }),
    size: searchNumber(s.size, storedPageSize(), { min: 1, max: 100 }),
    type: searchNumber(s.type, 0, { min: 0, max: 5 }),
    token_name: searchString(s.token_name),
    model_name: searchString(s.model_name),
    group: searchString(s.group),
    start: searchNumber(s.start, 0, { min: 0 }),
    end: searchNumber(s.end, 0, { min: 0 }),
    username: searchString(s.username),
    channel: searchString(s.channel),
  }),
  search: { middlewares: [stripSearchParams(LOG_SEARCH_DEFAULTS)] },
  component: LogRoute,
});

function LogRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UsageLogsPage
      search={search}
      onSearchChange={(next) => {
        if (next.size) rememberPageSize(next.size);
        void navigate({ search: { ...search, ...next } });
      }}
    />
  );
}
