import { textKeys as k } from '../option-fields';
import type { SectionDef } from '../option-section';

/** Each group maps to [max requests ≥ 0, max successful requests ≥ 1] (the seeds' rule, new-api's check). */
export function rateLimitGroupError(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'settings.errors.rateLimitGroup';
  const ok = Object.values(value).every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((n) => Number.isInteger(n)) && pair[0] >= 0 && pair[1] >= 1);
  return ok ? null : 'settings.errors.rateLimitGroup';
}

export const rateLimitSection: SectionDef = {
  id: 'rate-limit',
  title: 'settings.sections.rateLimit',
  description: 'settings.descriptions.rateLimit',
  switches: [{ key: 'ModelRequestRateLimitEnabled', ...k('rateLimitEnabled', { hint: true }) }],
  fields: [
    { key: 'ModelRequestRateLimitDurationMinutes', kind: 'int', rule: 'nonNegative', ...k('rateLimitDuration', { hint: true }) },
    { key: 'ModelRequestRateLimitCount', kind: 'int', rule: 'nonNegative', ...k('rateLimitCount', { hint: true }) },
    { key: 'ModelRequestRateLimitSuccessCount', kind: 'int', rule: 'atLeastOne', ...k('rateLimitSuccessCount', { hint: true }) },
    { key: 'ModelRequestRateLimitGroup', kind: 'json', shape: rateLimitGroupError, ...k('rateLimitGroup', { hint: true }) },
  ],
  saveLabel: 'settings.saveRateLimit',
};
