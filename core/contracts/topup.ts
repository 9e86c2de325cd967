import { z } from 'zod';

/** `POST /api/user/topup`: redeem a code; data is the quota added. */
export const redeemRequestSchema = z.object({ key: z.string().min(1) });
export type RedeemRequest = z.infer<typeof redeemRequestSchema>;

/** `POST /api/user/amount` (quote) and `POST /api/user/pay`. `amount` must be an integer. */
export const amountRequestSchema = z.object({
  amount: z.number().int().min(1),
  top_up_code: z.string(),
});
export type AmountRequest = z.infer<typeof amountRequestSchema>;

export const payRequestSchema = amountRequestSchema.extend({
  /** "zfb" = alipay, "wx" = wxpay (anything else is wxpay too). */
  payment_method: z.string(),
});
export type PayRequest = z.infer<typeof payRequestSchema>;

/** `POST /api/user/aff_transfer`. */
export const affTransferRequestSchema = z.object({ quota: z.number().int().positive() });
export type AffTransferRequest = z.infer<typeof affTransferRequestSchema>;
