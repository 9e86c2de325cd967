import type { TokenRow } from '../../db/rows.js';

/** A token row as new-api's JSON shows it: the key without padding, gorm's DeletedAt name. */
export const tokenJson = (row: TokenRow) => ({ ...row, key: row.key.trim(), DeletedAt: row.deleted_at, deleted_at: undefined });
