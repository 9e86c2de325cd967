import type { BadgeTone } from '../../components/ui/badge';

/** 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
export function tokenStatusView(status: number): { key: string; tone: BadgeTone } {
  switch (status) {
    case 1:
      return { key: 'tokens.status.enabled', tone: 'green' };
    case 2:
      return { key: 'tokens.status.disabled', tone: 'red' };
    case 3:
      return { key: 'tokens.status.expired', tone: 'yellow' };
    case 4:
      return { key: 'tokens.status.exhausted', tone: 'gray' };
    default:
      return { key: 'tokens.status.unknown', tone: 'gray' };
  }
}

export const EXPIRY_NEVER = -1;

/** Quick expiry picks, in seconds from now (null = never). */
export const EXPIRY_PRESETS = [
  { key: 'never', seconds: null },
  { key: 'hour', seconds: 3600 },
  { key: 'day', seconds: 86400 },
  { key: 'month', seconds: 30 * 86400 },
] as const;

/** Batch-creation count presets. */
export const COUNT_PRESETS = [10, 20, 30, 100] as const;
