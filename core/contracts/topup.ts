import { z } from 'zod';
import { shortText } from './bounded-text.js';

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

// The same bodies as the server reads them: Go's zero values for what is missing, text bounded; the
// checks above and their messages are applied by the handlers after parsing.

export const redeemBodySchema = z.object({ key: shortText.optional() });

/** top_up_code is sent by the console and ignored, as in new-api. */
export const amountBodySchema = z.object({ amount: z.number().int(), top_up_code: shortText.optional() });
export const payBodySchema = amountBodySchema.extend({ payment_method: shortText.optional() });

/** A missing or zero quota gets new-api's validator message. */
export const affTransferBodySchema = z.object({ quota: z.number().int().nullish() });
