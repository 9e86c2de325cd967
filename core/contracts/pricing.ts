import { z } from 'zod';

/** One row of `GET /api/pricing`. quota_type 0 = per token (ratio), 1 = per call (price). */
export const pricingModelSchema = z.object({
  model_name: z.string(),
  quota_type: z.union([z.literal(0), z.literal(1)]),
  model_ratio: z.number(),
  model_price: z.number(),
  owner_by: z.string().optional(),
  completion_ratio: z.number(),
  enable_groups: z.array(z.string()).optional(),
});
export type PricingModel = z.infer<typeof pricingModelSchema>;

/** `GET /api/pricing` has no `message`; group_ratio and usable_group sit at the top level. */
export const pricingResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  data: z.array(pricingModelSchema).nullable(),
  group_ratio: z.record(z.string(), z.number()),
  usable_group: z.record(z.string(), z.string()),
});
export type PricingResponse = z.infer<typeof pricingResponseSchema>;
