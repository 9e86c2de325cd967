import { createFileRoute, Outlet, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { Channel } from '../../../../../core/contracts/channel';
import { mergeTableSearch, parseTableSearch, TABLE_SEARCH_DEFAULTS } from '../../../components/data-table/table-search';
import { ChannelsPage, type ChannelSearch } from '../../../features/channels/channels-page';
import { searchString } from '../../../lib/search-params';

/** The channel list; /channel/add and /channel/edit/$id open the drawer over it (child routes). */
export const Route = createFileRoute('/_authenticated/_admin/channel')({
  validateSearch: (s: Partial<ChannelSearch> & SearchSchemaInput): ChannelSearch => ({
    ...parseTableSearch(s),
    keyword: searchString(s.keyword),
    model: searchString(s.model),
    group: searchString(s.group),
  }),
  search: { middlewares: [stripSearchParams({ ...TABLE_SEARCH_DEFAULTS, keyword: '', model: '', group: '' })] },
  component: ChannelRoute,
});

function ChannelRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onEdit = useCallback((c: Channel) => void navigate({ to: '/channel/edit/$id', params: { id: c.id }, search: (prev) => prev }), [navigate]);
  return (
    <ChannelsPage
      search={search}
      onSearchChange={(next) => void navigate({ search: mergeTableSearch(search, next) })}
      onAdd={() => void navigate({ to: '/channel/add', search: (prev) => prev })}
      onEdit={onEdit}
    >
      <Outlet />
    </ChannelsPage>
  );
}
