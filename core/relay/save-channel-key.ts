import type { AppServices } from '../app-services.js';
import { updateChannel } from '../db/repositories/channels.js';

/**
 * The channel's key field with one key replaced (a refreshed OAuth document in place of the one it came
 * from), in whichever form the field holds its keys: the whole field, a JSON array element, or a line.
 * null when the old key is no longer there (edited meanwhile): nothing is written then.
 */
export function replaceChannelKey(field: string, oldKey: string, newKey: string): string | null {
  const trimmed = field.trim();
  if (trimmed === oldKey.trim()) return newKey;
  if (trimmed.startsWith('[')) {
    let list: unknown;
    try {
      list = JSON.parse(trimmed);
    } catch {
      list = null;
    }
    if (Array.isArray(list)) {
      const at = list.findIndex((k) => (typeof k === 'string' ? k : JSON.stringify(k)) === oldKey);
      if (at < 0) return null;
      list[at] = typeof list[at] === 'string' ? newKey : (JSON.parse(newKey) as unknown);
      return JSON.stringify(list);
    }
  }
  const lines = field.split('\n');
  const at = lines.findIndex((l) => l.trim() === oldKey.trim());
  if (at < 0) return null;
  lines[at] = newKey;
  return lines.join('\n');
}

/** Saves `newKey` in place of `oldKey` in the channel's key field. */
export type SaveChannelKey = (channelId: number, oldKey: string, newKey: string) => Promise<void>;

/**
 * Writes a rewritten key back to its channel under the row lock, then reloads the channel directory (and
 * tells other nodes), so the next request reads the new key. Never throws: the refreshed token in hand is
 * still good for this request; a failed write is logged.
 */
export function channelKeySaver(app: Pick<AppServices, 'sql' | 'channels' | 'invalidation' | 'log'>): SaveChannelKey {
  return async (channelId, oldKey, newKey) => {
    try {
      let changed = false;
      await updateChannel(app.sql, channelId, (current) => {
        const key = replaceChannelKey(current.key, oldKey, newKey);
        changed = key !== null;
        return key === null ? {} : { key };
      });
      if (!changed) return;
      app.invalidation.publish('channels');
      await app.channels.rebuild();
    } catch (e) {
      app.log.warn('saving a refreshed channel key failed', { channel: channelId, cause: e instanceof Error ? e.message : String(e) });
    }
  };
}
