import { readColumnVisibility, writeColumnVisibility, type ColumnVisibility } from '../../components/data-table/column-visibility';
import { localStore } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { CHANNEL_COLUMN_IDS, type ChannelColumnId } from './channel-columns';

export type ChannelColumns = ColumnVisibility<ChannelColumnId>;

export const defaultChannelColumns = (): ChannelColumns => Object.fromEntries(CHANNEL_COLUMN_IDS.map((id) => [id, true])) as ChannelColumns;

/** Saved under `channels-table-columns`; the actions column cannot be hidden. */
export function readChannelColumns(): ChannelColumns {
  return { ...readColumnVisibility(storageKeys.channelsTableColumns, defaultChannelColumns()), actions: true };
}

export const writeChannelColumns = (visibility: ChannelColumns) => writeColumnVisibility(storageKeys.channelsTableColumns, visibility);

/** `id-sort` holds "true" when the list is ordered by id rather than by priority. */
export const readIdSort = (): boolean => localStore.get(storageKeys.idSort) === 'true';
export const writeIdSort = (on: boolean) => localStore.set(storageKeys.idSort, String(on));
