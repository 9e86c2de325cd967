import { channelInfoSchema, CHANNEL_STATUS, type ChannelInfo, type MultiKeyMode } from '../../contracts/channel.js';

/** What a channel that is not multi-key carries (new-api's zero ChannelInfo). */
export const singleKeyInfo = (): ChannelInfo => ({
  is_multi_key: false,
  multi_key_size: 0,
  multi_key_status_list: null,
  multi_key_polling_index: 0,
  multi_key_mode: '',
});

export const multiKeyInfo = (size: number, mode: MultiKeyMode): ChannelInfo => ({
  ...singleKeyInfo(),
  is_multi_key: true,
  multi_key_size: size,
  multi_key_status_list: {},
  multi_key_mode: mode,
});

/** channel_info as the driver hands it over: parsed JSON, JSON text (a text column), or null. */
export function readChannelInfo(raw: unknown): ChannelInfo {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      value = null;
    }
  }
  const parsed = channelInfoSchema.safeParse(value && typeof value === 'object' ? value : {});
  return parsed.success ? parsed.data : singleKeyInfo();
}

/**
 * The keys of a channel in index order: a JSON array (Vertex service accounts, one element each) or one key
 * per line. Lines are trimmed and blank ones dropped, which is also how keys are stored.
 */
export function keysOf(key: string): string[] {
  const trimmed = key.trim();
  if (trimmed.startsWith('[')) {
    try {
      const list = JSON.parse(trimmed) as unknown;
      if (Array.isArray(list)) return list.map((k) => (typeof k === 'string' ? k : JSON.stringify(k)));
    } catch {
      // not an array after all: one key per line
    }
  }
  return key
    .split('\n')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

/** A key's status: 1 unless the status list says otherwise. */
export const keyStatusOf = (info: ChannelInfo, index: number): number => info.multi_key_status_list?.[String(index)] ?? CHANNEL_STATUS.enabled;

type IndexMap<T> = Record<string, T> | null | undefined;

function keepIndexes<T>(map: IndexMap<T>, remap: (index: number) => number | null): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(map ?? {})) {
    const to = remap(Number(k));
    if (to !== null) out[String(to)] = v;
  }
  return out;
}

/** The per-key maps with each index moved by `remap` (null drops it). */
function remapInfo(info: ChannelInfo, remap: (index: number) => number | null, size: number): ChannelInfo {
  return {
    ...info,
    multi_key_size: size,
    multi_key_status_list: keepIndexes(info.multi_key_status_list, remap),
    multi_key_disabled_reason: keepIndexes(info.multi_key_disabled_reason, remap),
    multi_key_disabled_time: keepIndexes(info.multi_key_disabled_time, remap),
    multi_key_polling_index: info.multi_key_polling_index < size ? info.multi_key_polling_index : 0,
  };
}

/** After the key list changed length: per-key state past the new end is dropped (new-api keeps the rest). */
export const resizeInfo = (info: ChannelInfo, size: number): ChannelInfo => remapInfo(info, (i) => (i < size ? i : null), size);

/** Removes the keys `drop` picks and moves the state of the others down to their new indexes. */
export function removeKeys(keys: string[], info: ChannelInfo, drop: (index: number) => boolean): { keys: string[]; info: ChannelInfo } {
  const newIndex = new Map<number, number>();
  const kept: string[] = [];
  keys.forEach((k, i) => {
    if (drop(i)) return;
    newIndex.set(i, kept.length);
    kept.push(k);
  });
  return { keys: kept, info: remapInfo(info, (i) => newIndex.get(i) ?? null, kept.length) };
}

/** Sets one key's status; enabling forgets its reason and time, disabling records them when given. */
export function setKeyStatus(info: ChannelInfo, index: number, status: number, reason?: string, time?: number): ChannelInfo {
  const k = String(index);
  const statuses = { ...info.multi_key_status_list };
  const reasons = { ...info.multi_key_disabled_reason };
  const times = { ...info.multi_key_disabled_time };
  if (status === CHANNEL_STATUS.enabled) {
    delete statuses[k];
    delete reasons[k];
    delete times[k];
  } else {
    statuses[k] = status;
    if (reason !== undefined) reasons[k] = reason;
    if (time !== undefined) times[k] = time;
  }
  return { ...info, multi_key_status_list: statuses, multi_key_disabled_reason: reasons, multi_key_disabled_time: times };
}
