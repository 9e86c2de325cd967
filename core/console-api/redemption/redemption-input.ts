import { z } from 'zod';
import { shortText } from '../../contracts/bounded-text.js';

// Quotas are bigint in the database; a code worth more than a safe integer could not be credited exactly.
const quota = z.number().int().max(Number.MAX_SAFE_INTEGER);

/** POST /api/redemption/ — missing numbers are 0, as Go decodes them, so they meet the checks below. */
export const redemptionCreateInput = z.object({
  name: shortText.default(''),
  quota: quota.default(0),
  count: z.number().int().default(0),
});

/** PUT /api/redemption/ — name and quota (full edit) or status (?status_only=). */
export const redemptionUpdateInput = z.object({
  id: z.number().int(),
  name: shortText.optional(),
  quota: quota.optional(),
  status: z.number().int().optional(),
});

/**
 * The refusal message for a code's name and quota, or null. new-api counts the name's bytes (so seven
 * Chinese characters are too long); the product spec says characters, which Ferryman counts. new-api
 * has no quota check: a zero or negative code would redeem nothing or take quota away (S12).
 */
export function redemptionFieldsError(name: string, quotaValue: number): string | null {
  const length = [...name].length;
  if (length < 1 || length > 20) return '兑换码名称长度必须在1-20之间';
  if (quotaValue <= 0) return '兑换码额度必须大于 0';
  return null;
}

/** The refusal message for a batch size, or null (new-api's checks and texts). */
export function redemptionCountError(count: number): string | null {
  if (count <= 0) return '兑换码个数必须大于0';
  if (count > 100) return '一次兑换码批量生成的个数不能大于 100';
  return null;
}
