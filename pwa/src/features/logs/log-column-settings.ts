import { readColumnVisibility, writeColumnVisibility, type ColumnVisibility as Visibility } from '../../components/data-table/column-visibility';
import { storageKeys } from '../../lib/storage-keys';

export const LOG_COLUMN_IDS = ['time', 'channel', 'username', 'token', 'group', 'type', 'model', 'useTime', 'prompt', 'completion', 'quota', 'retry', 'details'] as const;
export type LogColumnId = (typeof LOG_COLUMN_IDS)[number];
export type ColumnVisibility = Visibility<LogColumnId>;

/** Admin-only columns are hidden for everyone else. */
export const ADMIN_LOG_COLUMNS: readonly LogColumnId[] = ['channel', 'username', 'retry'];

export function defaultLogColumns(admin: boolean): ColumnVisibility {
  return Object.fromEntries(LOG_COLUMN_IDS.map((id) => [id, admin || !ADMIN_LOG_COLUMNS.includes(id)])) as ColumnVisibility;
}

/** Saved choices (`logs-table-columns`) over the defaults; unknown keys are ignored. */
export function readLogColumns(admin: boolean): ColumnVisibility {
  const merged = readColumnVisibility(storageKeys.logsTableColumns, defaultLogColumns(admin));
  if (!admin) for (const id of ADMIN_LOG_COLUMNS) merged[id] = false;
  return merged;
}

export function writeLogColumns(visibility: ColumnVisibility): void {
  writeColumnVisibility(storageKeys.logsTableColumns, visibility);
}
