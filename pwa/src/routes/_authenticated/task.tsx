import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { TaskLogsPage } from '../../features/logs/task-logs-page';
import { TASK_SEARCH_DEFAULTS, type TaskSearch } from '../../features/logs/task-search';
import { searchNumber, searchString } from '../../lib/search-params';

export const Route = createFileRoute('/_authenticated/task')({
  validateSearch: (s: Partial<TaskSearch> & SearchSchemaInput): TaskSearch => ({
    page: searchNumber(s.page, 1, { min: 1 }),
    id: searchString(s.id),
    channel: searchString(s.channel),
    start: searchNumber(s.start, 0, { min: 0 }),
    end: searchNumber(s.end, 0, { min: 0 }),
  }),
  search: { middlewares: [stripSearchParams(TASK_SEARCH_DEFAULTS)] },
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TaskLogsPage search={search} onSearchChange={(next) => void navigate({ search: { ...search, ...next } })} />;
}
