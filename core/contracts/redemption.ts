import { z } from 'zod';

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
const redemptionQuota = z.number().int().positive('兑换码额度必须大于 0').max(Number.MAX_SAFE_INTEGER);

/** `POST /api/redemption/`: data is the list of the new keys. */
export const redemptionCreateSchema = z.object({
  name: redemptionName,
  quota: redemptionQuota,
  count: z.number().int().min(1, '兑换码个数必须大于0').max(REDEMPTION_BATCH_MAX, `一次兑换码批量生成的个数不能大于 ${REDEMPTION_BATCH_MAX}`),
});
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
