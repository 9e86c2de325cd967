import type { Db } from './db.js';
import { escapeLike } from './like-pattern.js';

const SORT_COLUMNS = ['id', 'name', 'priority', 'balance', 'response_time', 'test_time'] as const;
type SortColumn = (typeof SORT_COLUMNS)[number];

export interface ChannelOrder {
  column: SortColumn;
  desc: boolean;
}

/**
 * new-api's channel order: `sort_by` (one of its sortable columns) and `sort_order` (desc unless "asc") win;
 * otherwise id descending with id_sort, else priority descending. Ties break on id, newest first.
 */
export function channelOrder(idSort: boolean, sortBy = '', sortOrder = ''): ChannelOrder {
  const column = SORT_COLUMNS.find((c) => c === sortBy.trim().toLowerCase());
  if (column) return { column, desc: sortOrder.trim().toLowerCase() !== 'asc' };
  return { column: idSort ? 'id' : 'priority', desc: true };
}

export const orderBy = (db: Db, o: ChannelOrder) =>
  o.desc ? db`${db(o.column)} DESC, id DESC` : db`${db(o.column)} ASC, id DESC`;

/** The list filters of today's new-api: enabled or not, one type, membership of a group. */
export interface ChannelFilter {
  status?: 'enabled' | 'disabled';
  type?: number;
  group?: string;
}

/** `WHERE …` for a filter; callers append `AND …` conditions. */
export function channelWhere(db: Db, f: ChannelFilter) {
  return db`WHERE TRUE
    ${f.status === 'enabled' ? db`AND status = 1` : f.status === 'disabled' ? db`AND status <> 1` : db``}
    ${f.type !== undefined ? db`AND type = ${f.type}` : db``}
    ${f.group ? db`AND (',' || "group" || ',') LIKE ${`%,${escapeLike(f.group)},%`}` : db``}`;
}
