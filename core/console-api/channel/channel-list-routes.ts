import { z } from 'zod';
import { channelOrder, type ChannelFilter } from '../../db/repositories/channel-query.js';
import { getChannel, listChannels, searchChannels } from '../../db/repositories/channels.js';
import { zeroBasedPage } from '../../db/repositories/paging.js';
import { paramInt, queryInt, type ApiContext } from '../api-context.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { readQuery, textParam } from '../log/query-params.js';
import { toChannelJson } from './channel-json.js';

const viewQuery = z.object({ group: textParam, status: textParam, type: textParam, sort_by: textParam, sort_order: textParam });

/** The options list and search share: order (id_sort, sort_by/sort_order), tag mode and today's filters. */
function readView(c: ApiContext) {
  const q = readQuery(c, viewQuery);
  const status = q.status.toLowerCase();
  const filter: ChannelFilter = {
    status: status === 'enabled' || status === '1' ? 'enabled' : status === 'disabled' || status === '0' ? 'disabled' : undefined,
    type: /^\d{1,9}$/.test(q.type) ? Number(q.type) : undefined,
    group: q.group && q.group !== 'null' ? q.group : undefined,
  };
  return {
    order: channelOrder(c.query.get('id_sort') === 'true', q.sort_by, q.sort_order),
    tagMode: c.query.get('tag_mode') === 'true',
    filter,
  };
}

/** GET /api/channel/ — zero-based p, a plain array, keys blanked; tag mode pages over distinct tags. */
async function list(c: ApiContext): Promise<ApiResult> {
  const page = zeroBasedPage(queryInt(c, 'p', 0), queryInt(c, 'page_size', 10));
  const rows = await listChannels(c.app.sql, { ...page, ...readView(c) });
  return ok(rows.map(toChannelJson));
}

const searchQuery = z.object({ keyword: textParam, model: textParam });

/** GET /api/channel/search — not paged; LIKE wildcards typed in the keyword or model are literal. */
async function search(c: ApiContext): Promise<ApiResult> {
  const { keyword, model } = readQuery(c, searchQuery);
  const rows = await searchChannels(c.app.sql, { keyword, model, ...readView(c) });
  return ok(rows.map(toChannelJson));
}

/** GET /api/channel/:id — the channel without its key. */
async function getOne(c: ApiContext): Promise<ApiResult> {
  const row = await getChannel(c.app.sql, paramInt(c));
  return row ? ok(toChannelJson(row)) : fail('渠道不存在');
}

export const channelListHandlers = { list, search, getOne };
