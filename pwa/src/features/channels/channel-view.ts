import { CHANNEL_PRIORITY_MAX, CHANNEL_PRIORITY_MIN, CHANNEL_STATUS, CHANNEL_WEIGHT_MAX, type Channel } from '../../../../core/contracts/channel';
import type { BadgeTone } from '../../components/ui/badge';

/** The 15 tag colours channels cycle through by id (class strings spelled out for Tailwind's scanner). */
export const CHANNEL_COLOURS = [
  'bg-amber-500/15 text-amber-700 dark:text-amber-400',
  'bg-blue-500/15 text-blue-700 dark:text-blue-400',
  'bg-cyan-500/15 text-cyan-700 dark:text-cyan-400',
  'bg-green-500/15 text-green-700 dark:text-green-400',
  'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
  'bg-indigo-500/15 text-indigo-700 dark:text-indigo-400',
  'bg-sky-500/15 text-sky-700 dark:text-sky-400',
  'bg-lime-500/15 text-lime-700 dark:text-lime-400',
  'bg-orange-500/15 text-orange-700 dark:text-orange-400',
  'bg-pink-500/15 text-pink-700 dark:text-pink-400',
  'bg-purple-500/15 text-purple-700 dark:text-purple-400',
  'bg-red-500/15 text-red-700 dark:text-red-400',
  'bg-teal-500/15 text-teal-700 dark:text-teal-400',
  'bg-violet-500/15 text-violet-700 dark:text-violet-400',
  'bg-yellow-500/15 text-yellow-700 dark:text-yellow-400',
] as const;

export const channelColour = (id: number): string => CHANNEL_COLOURS[((id % 15) + 15) % 15]!;

/** 0 untested; ≤ 1 s green; ≤ 3 s lime; ≤ 5 s yellow; slower red (milliseconds in, as stored). */
export function responseTimeTone(ms: number): 'untested' | 'green' | 'lime' | 'yellow' | 'red' {
  if (ms <= 0) return 'untested';
  if (ms <= 1000) return 'green';
  if (ms <= 3000) return 'lime';
  if (ms <= 5000) return 'yellow';
  return 'red';
}

export const RESPONSE_TIME_CLASS = {
  untested: 'text-muted-foreground',
  green: 'text-emerald-600 dark:text-emerald-400',
  lime: 'text-lime-600 dark:text-lime-400',
  yellow: 'text-amber-600 dark:text-amber-400',
  red: 'text-red-600 dark:text-red-400',
} as const;

export function channelStatusView(status: number): { key: string; tone: BadgeTone } {
  if (status === CHANNEL_STATUS.enabled) return { key: 'channels.status.enabled', tone: 'green' };
  if (status === CHANNEL_STATUS.manuallyDisabled) return { key: 'channels.status.manuallyDisabled', tone: 'red' };
  if (status === CHANNEL_STATUS.autoDisabled) return { key: 'channels.status.autoDisabled', tone: 'yellow' };
  return { key: 'channels.status.unknown', tone: 'gray' };
}

/** other_info's status_reason and status_time (seconds), when the channel was disabled automatically. */
export function autoDisabledInfo(otherInfo: string): { reason: string; time: number } | null {
  try {
    const info: unknown = JSON.parse(otherInfo || '{}');
    if (!info || typeof info !== 'object') return null;
    const { status_reason: reason, status_time: time } = info as { status_reason?: unknown; status_time?: unknown };
    if (typeof reason !== 'string' && typeof time !== 'number') return null;
    return { reason: typeof reason === 'string' ? reason : '', time: typeof time === 'number' ? time : 0 };
  } catch {
    return null;
  }
}

/** An integer typed in a cell, or null. */
function parseInteger(text: string): number | null {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** List priority: an integer from -999 (seeds) to the server's bound. */
export function parsePriority(text: string): number | null {
  const n = parseInteger(text);
  return n !== null && n >= CHANNEL_PRIORITY_MIN && n <= CHANNEL_PRIORITY_MAX ? n : null;
}

/** List weight: an integer; a negative one is sent as 0 (seeds). */
export function parseWeight(text: string): number | null {
  const n = parseInteger(text);
  return n !== null && n <= CHANNEL_WEIGHT_MAX ? Math.max(0, n) : null;
}

/** Tag-level weight: a non-negative integer (a negative one is refused, not clamped). */
export function parseTagWeight(text: string): number | null {
  const n = parseInteger(text);
  return n !== null && n >= 0 && n <= CHANNEL_WEIGHT_MAX ? n : null;
}

/** Tag-level priority: any integer within the server's bounds. */
export const parseTagPriority = parsePriority;

export interface TagGroup {
  tag: string;
  channels: Channel[];
}

/** Tag mode's rows: one group per tag in first-seen order; untagged channels stay single rows. */
export function groupByTag(channels: Channel[]): (TagGroup | Channel)[] {
  const out: (TagGroup | Channel)[] = [];
  const groups = new Map<string, TagGroup>();
  for (const c of channels) {
    if (!c.tag) {
      out.push(c);
      continue;
    }
    let g = groups.get(c.tag);
    if (!g) {
      g = { tag: c.tag, channels: [] };
      groups.set(c.tag, g);
      out.push(g);
    }
    g.channels.push(c);
  }
  return out;
}

export const isTagGroup = (row: TagGroup | Channel): row is TagGroup => 'channels' in row;
