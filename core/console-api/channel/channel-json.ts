import type { ChannelRow } from '../../db/rows.js';

/** A channel for the console; the key is never sent back (new-api blanks it in lists). */
export function toChannelJson(row: ChannelRow): Record<string, unknown> {
  return { ...row, key: '' };
}
