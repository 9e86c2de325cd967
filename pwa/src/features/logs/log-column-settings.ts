import { localStore } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';

export const LOG_COLUMN_IDS = ['time', 'channel', 'username', 'token', 'group', 'type', 'model', 'useTime', 'prompt', 'completion', 'quota', 'retry', 'details'] as const;
export type LogColumnId = (typeof LOG_COLUMN_IDS)[number];
export type ColumnVisibility = Record<LogColumnId, boolean>;

/** Admin-only columns are hidden for everyone else. */
export const ADMIN_LOG_COLUMNS: readonly LogColumnId[] = ['channel', 'username', 'retry'];

export function defaultLogColumns(admin: boolean): ColumnVisibility {
  return Object.fromEntries(LOG_COLUMN_IDS.map((id) => [id, admin || !ADMIN_LOG_COLUMNS.includes(id)])) as ColumnVisibility;
}

/** Saved choices (`logs-table-columns`) over the defaults; unknown keys are ignored. */
export function readLogColumns(admin: boolean): ColumnVisibility {
  const saved = localStore.getJson<Partial<Record<string, boolean>>>(storageKeys.logsTableColumns) ?? {};
  const merged = defaultLogColumns(admin);
  for (const id of LOG_COLUMN_IDS) if (typeof saved[id] === 'boolean') merged[id] = saved[id];
  if (!admin) for (const id of ADMIN_LOG_COLUMNS) merged[id] = false;
  return merged;
}

export function writeLogColumns(visibility: ColumnVisibility): void {
  localStore.setJson(storageKeys.logsTableColumns, visibility);
}
