import { z } from 'zod';
import { shortText } from './bounded-text.js';

/** 1 unused, 2 disabled, 3 used. A used code can be neither edited nor enabled again. */
export const REDEMPTION_STATUS = { unused: 1, disabled: 2, used: 3 } as const;

/** Product limits: name 1 to 20 characters, at most 100 codes per batch; the form's defaults. */
export const REDEMPTION_NAME_MAX = 20;
export const REDEMPTION_BATCH_MAX = 100;
export const REDEMPTION_DEFAULT_QUOTA = 100000;

/** A code as `/api/redemption/` lists it (`count` is request-only and always 0 here). */
export const redemptionSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  key: z.string(),
  status: z.number().int(),
  name: z.string(),
  quota: z.number().int(),
  created_time: z.number().int(),
  redeemed_time: z.number().int(),
  used_user_id: z.number().int(),
  count: z.number().int().optional(),
  DeletedAt: z.unknown().optional(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

/** Names count characters (code points), as the product spec says; new-api counted bytes. */
const redemptionName = z.string().refine((name) => [...name].length >= 1 && [...name].length <= REDEMPTION_NAME_MAX, {
  message: `兑换码名称长度必须在1-${REDEMPTION_NAME_MAX}之间`,
});
// Quotas are bigint in the database; a code worth more than a safe integer could not be credited exactly.
const safeQuota = z.number().int().max(Number.MAX_SAFE_INTEGER);
// new-api has no quota check: a zero or negative code would redeem nothing or take quota away (S12).
const redemptionQuota = safeQuota.positive('兑换码额度必须大于 0');
const redemptionCount = z
  .number()
  .int()
  .min(1, '兑换码个数必须大于0')
  .max(REDEMPTION_BATCH_MAX, `一次兑换码批量生成的个数不能大于 ${REDEMPTION_BATCH_MAX}`);

/** A code's name and quota, checked in this order (the server answers the first refusal). */
const redemptionFieldsSchema = z.object({ name: redemptionName, quota: redemptionQuota });

/** `POST /api/redemption/`: data is the list of the new keys. */
export const redemptionCreateSchema = redemptionFieldsSchema.extend({ count: redemptionCount });
export type RedemptionCreate = z.infer<typeof redemptionCreateSchema>;

/** `PUT /api/redemption/`: name and quota of an unused code. */
export const redemptionUpdateSchema = z.object({ id: z.number().int(), name: redemptionName, quota: redemptionQuota });
export type RedemptionUpdate = z.infer<typeof redemptionUpdateSchema>;

/** `PUT /api/redemption/?status_only=true`: enable (1) or disable (2). */
export const redemptionStatusUpdateSchema = z.object({
  id: z.number().int(),
  status: z.union([z.literal(REDEMPTION_STATUS.unused), z.literal(REDEMPTION_STATUS.disabled)]),
});
export type RedemptionStatusUpdate = z.infer<typeof redemptionStatusUpdateSchema>;

/**
 * `POST /api/redemption/` as the server reads it: missing numbers are 0, as Go decodes them, so they meet
 * the checks of redemptionFieldsError and redemptionCountError with their messages.
 */
export const redemptionCreateBodySchema = z.object({
  name: shortText.default(''),
  quota: safeQuota.default(0),
  count: z.number().int().default(0),
});

/** `PUT /api/redemption/` as the server reads it: name and quota (full edit, absent = unchanged) or status (?status_only=). */
export const redemptionUpdateBodySchema = z.object({
  id: z.number().int(),
  name: shortText.optional(),
  quota: safeQuota.optional(),
  status: z.number().int().optional(),
});

const firstProblem = (r: { success: boolean; error?: z.ZodError }): string | null => (r.success ? null : (r.error?.issues[0]?.message ?? null));

/** The refusal message for a code's name and quota, or null (the rules of redemptionCreateSchema). */
export const redemptionFieldsError = (name: string, quota: number): string | null => firstProblem(redemptionFieldsSchema.safeParse({ name, quota }));

/** The refusal message for a batch size, or null. */
export const redemptionCountError = (count: number): string | null => firstProblem(redemptionCount.safeParse(count));
